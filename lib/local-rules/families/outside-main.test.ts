import { describe, expect, it } from "vitest";
import { readAnalyses } from "./index";

describe("nodes outside the main component", () => {
  it("reads a node not connected to the main network, however the network is called", () => {
    for (const question of [
      "Which stations aren't connected to the main rail backbone at all?",
      "Which villages are not linked to the mainland grid?",
      "Which servers are never attached to the main cluster?",
    ]) {
      expect(readAnalyses(question)).toMatchObject([{ kind: "outside-main" }]);
    }
  });
});
