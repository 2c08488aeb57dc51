import { describe, expect, it } from "vitest";
import { extractWithRules } from "./extract-with-rules";

describe("extractWithRules (MEM-3)", () => {
  it("saves an explicit report preference under its topic", () => {
    expect(
      extractWithRules({ userText: "I prefer reports that lead with the conclusion." }),
    ).toEqual([expect.objectContaining({ store: "profile", subject: "report.lead" })]);
  });

  it("reads a correction of the same topic", () => {
    const [candidate] = extractWithRules({ userText: "Actually, lead with the method" });
    expect(candidate).toMatchObject({
      store: "profile",
      subject: "report.lead",
      text: "Lead with the method",
    });
  });

  it("saves a stated fact with its subject", () => {
    const [candidate] = extractWithRules({
      userText: "Remember that customers:34 is our key account. Show the top 3 nodes by degree.",
    });
    expect(candidate).toMatchObject({ store: "memories", subject: "customers:34" });
  });

  it("keeps a node id at the start of a fact as written (ids are case-sensitive)", () => {
    const [candidate] = extractWithRules({ userText: "Remember that p0 is our key paper" });
    expect(candidate).toMatchObject({
      store: "memories",
      subject: "p0",
      text: "p0 is our key paper",
    });
  });

  it("understands Chinese statements", () => {
    expect(
      extractWithRules({ userText: "我更喜欢报告先写结论。请记住customers:34是我们的大客户" }),
    ).toEqual([
      expect.objectContaining({ store: "profile", subject: "report.lead" }),
      expect.objectContaining({ store: "memories", subject: "customers:34" }),
    ]);
  });

  it("never saves guesses, errors, node lists or plain requests", () => {
    for (const userText of [
      "Remember that customers:34 is probably our key account",
      "Remember that the build failed with a timeout",
      "Remember that the top nodes are n1, n2, n3, n4, n5, n6, n7",
      "Remember that customers:1 customers:2 customers:3 customers:4 are hubs",
      "Show the top 5 nodes by PageRank",
      "What do I prefer?",
    ]) {
      expect(extractWithRules({ userText }), userText).toEqual([]);
    }
  });
});
