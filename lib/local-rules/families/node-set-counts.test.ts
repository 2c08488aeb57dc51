import { afterAll, describe, expect, it } from "vitest";
import { attachedKarateState } from "@/lib/contracts/testing/session-states";
import { closeIdleQueryEngines } from "@/lib/engine/query/query-engine-cache";
import { analysisGraphEngine } from "../testing/analysis-graph-engine";
import { runConversation } from "../testing/run-conversation";

afterAll(async () => {
  await closeIdleQueryEngines();
});

// Eight lighthouses, counted by hand. Coast: North t1 t2 t3, South t4 t5 t6, East t7 t8.
// Height (m): t1 30, t2 45, t3 30, t4 60, t5 45, t6 30, t7 60, t8 25. Age (years): t1 120,
// t2 80, t3 95, t4 150, t5 40, t6 101, t7 60, t8 130. Manned: t2, t4, t7 (yes), others no.
// Links: t1–t2, t1–t3, t2–t3, t2–t4, t4–t5, t4–t6, t4–t7, t7–t8, t5–t6. Degrees: t1 2, t2 3,
// t3 2, t4 4, t5 2, t6 2, t7 2, t8 1. Among the unmanned: t1, t3, t5, t6 have 2, t8 has 1.
const nodes = [
  "id,name,coast,height,age,manned",
  "t1,Skerry Point,North,30,120,no",
  "t2,Gull Rock,North,45,80,yes",
  "t3,Black Head,North,30,95,no",
  "t4,Longstone,South,60,150,yes",
  "t5,Sand Spit,South,45,40,no",
  "t6,Wreck Bay,South,30,101,no",
  "t7,Fog Horn,East,60,60,yes",
  "t8,Tern Isle,East,25,130,no",
].join("\n");
const edges = "a,b\nt1,t2\nt1,t3\nt2,t3\nt2,t4\nt4,t5\nt4,t6\nt4,t7\nt7,t8\nt5,t6\n";

async function ask(question: string) {
  const { answer, turns } = await runConversation({
    question,
    state: attachedKarateState(),
    engine: await analysisGraphEngine({ kind: "csv", texts: { edges, nodes } }),
  });
  const calls = turns.flatMap((turn) => turn.calls.map((call) => call.toolName));
  return { lead: answer.split("\n")[0], calls };
}

describe("counts of the nodes a property describes", { timeout: 120_000 }, () => {
  it("reads a shared value as a set, never as a node to search", async () => {
    for (const question of [
      "How many lighthouses are on the South coast?",
      "South 海岸一共有几座灯塔？",
    ]) {
      const { lead, calls } = await ask(question);
      expect(lead).toMatch(/\b3\b/);
      expect(calls).not.toContain("search_node");
    }
  });

  it("reads a figure with its unit, a comparative and a numbered property", async () => {
    expect((await ask("How many lighthouses stand a height of 30 m?")).lead).toMatch(/^3 /);
    const reported = await ask("How many lighthouses report a height of 60 m?");
    expect(reported.lead).toMatch(/^2 /);
    expect(reported.calls).not.toContain("create_analysis_report");
    expect((await ask("Lighthouses older than 100: how many are there?")).lead).toMatch(
      /^4 .*age > 100/,
    );
    expect((await ask("年龄超过 100 的灯塔有几座？")).lead).toMatch(/4/);
    expect((await ask("Height 60 — how many of its lighthouses are manned?")).lead).toMatch(
      /^2 .*height = 60 and manned = yes/,
    );
  });

  it("reads a yes/no property by its name, and its negation", async () => {
    expect((await ask("How many lighthouses are manned?")).lead).toMatch(/^3 /);
    const { lead } = await ask(
      "Among lighthouses that are not manned, which one has the fewest connections?",
    );
    expect(lead).toMatch(/^Tern Isle \(t8\)/);
  });

  it("lists the nodes a comparison or a yes/no property describes", async () => {
    expect((await ask("Which lighthouses are older than 100?")).lead).toBe(
      "4 nodes have age > 100: Skerry Point (t1), Longstone (t4), Wreck Bay (t6), Tern Isle (t8).",
    );
    expect((await ask("Which lighthouses are manned?")).lead).toBe(
      "3 nodes have manned = yes: Gull Rock (t2), Longstone (t4), Fog Horn (t7).",
    );
  });
});
