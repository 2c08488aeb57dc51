import { describe, expect, it } from "vitest";
import { detectIntent } from "../reading/detect-intent";
import { withPlaceholders } from "./plan-save-skill";

describe("save this analysis as a skill (SK-4)", () => {
  it.each([
    "Save this analysis as a playbook",
    "please save that as a skill",
    "turn this into a reusable skill",
    "把这次分析保存为技能",
    "将刚才的分析存为操作手册",
  ])("understands %s", (question) => {
    expect(detectIntent({ question }).kind).toBe("save-skill");
  });

  it("leaves other questions alone", () => {
    expect(detectIntent({ question: "top 5 nodes by pagerank" }).kind).toBe("analysis");
    expect(detectIntent({ question: "what skills do you have" }).kind).not.toBe("save-skill");
  });

  it("replaces ids with placeholders and keeps the analysis settings", () => {
    expect(
      withPlaceholders({
        dataset_id: "d-123",
        algorithm: "pagerank",
        top_k: 5,
        node_ids: ["a", "b"],
        options: { nodes_dataset_id: "d-9" },
        source: "n1",
      }),
    ).toEqual({
      dataset_id: "<dataset_id>",
      algorithm: "pagerank",
      top_k: 5,
      node_ids: ["<node_id>"],
      options: { nodes_dataset_id: "<dataset_id>" },
      source: "<node_id>",
    });
  });
});
