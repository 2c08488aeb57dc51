import { describe, expect, it } from "vitest";
import { derivedTitleMaxLength, deriveSessionTitle, questionText } from "./derive-session-title";

describe("deriveSessionTitle", () => {
  it("keeps a short question as it is, on one line", () => {
    expect(deriveSessionTitle("  Which nodes have\nthe highest PageRank?  ")).toBe(
      "Which nodes have the highest PageRank?",
    );
  });

  it("cuts a long question on a word boundary with an ellipsis", () => {
    const question =
      "Which members of the karate club bridge the two factions and how central are they in the graph?";
    const title = deriveSessionTitle(question) as string;
    expect(title.length).toBeLessThanOrEqual(derivedTitleMaxLength);
    expect(title.endsWith("…")).toBe(true);
    const words = title.slice(0, -1);
    expect(question.startsWith(words)).toBe(true);
    // The cut falls between two words.
    expect(question[words.length]).toBe(" ");
  });

  it("does not end a cut title on punctuation", () => {
    const title = deriveSessionTitle(`${"alpha, ".repeat(12)}omega`) as string;
    expect(title).toMatch(/alpha…$/);
  });

  it("cuts inside one very long word rather than dropping it", () => {
    const title = deriveSessionTitle("x".repeat(200)) as string;
    expect(title).toHaveLength(derivedTitleMaxLength);
    expect(title.endsWith("…")).toBe(true);
  });

  it("gives no title for a question without words", () => {
    expect(deriveSessionTitle("   \n ")).toBeNull();
  });
});

describe("questionText", () => {
  it("reads the text parts and skips attachments", () => {
    expect(
      questionText([
        { type: "dataset", dataset_id: "d1" },
        { type: "text", text: "How many nodes?" },
      ]),
    ).toBe("How many nodes?");
    expect(questionText(null)).toBe("");
  });
});
