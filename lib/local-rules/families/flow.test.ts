import { describe, expect, it } from "vitest";
import { readAnalyses } from "./index";

describe("a maximum flow whose capacity is described, not named", () => {
  it("reads 'the most that link can carry' as the capacity and 'how much can flow' as a flow", () => {
    for (const question of [
      "If each pipe's throughput is the most that pipe can carry, how much can flow from Wellhead North to Tank Farm?",
      "If every road's lanes is the maximum that road can take, how much could be sent from Oslo to Bergen?",
    ]) {
      const [intent] = readAnalyses(question);
      expect(intent).toMatchObject({ kind: "flow", disjoint: false });
      expect(intent).not.toMatchObject({ source: expect.stringMatching(/\bmost\b|carry|take/) });
    }
  });
});
