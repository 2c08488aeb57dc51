import { describe, expect, it } from "vitest";
import { questionWords } from "./question-words";

// "Fewest <links> between A and B" asks for a shortest path in hops, whatever the network
// calls its links.
describe("fewest links between two nodes", () => {
  it("reads as a path", () => {
    for (const question of [
      "Fewest pipes between Pump A and Tank C?",
      "What's the fewest corridors from Lobby to Vault?",
      "Least number of tunnels between North Gate and the Depot?",
    ]) {
      expect(questionWords.path.test(question)).toBe(true);
    }
  });

  it("leaves a ranking by fewest links alone", () => {
    expect(questionWords.path.test("Which pump has the fewest pipes?")).toBe(false);
  });
});
