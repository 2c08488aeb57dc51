import { describe, expect, it } from "vitest";
import { emptyPart } from "../writing/answer-document";
import { mergeCompoundParts, splitCompound } from "./compound-question";

describe("compound questions", () => {
  it("splits two asks when the second points back at the first answer", () => {
    expect(
      splitCompound("Which station is the most central by closeness, and which line is it on?"),
    ).toEqual({
      first: "Which station is the most central by closeness?",
      second: "Which line is it on?",
    });
    expect(splitCompound("哪个账户收款最多，它在哪个国家？")).toEqual({
      first: "哪个账户收款最多？",
      second: "它在哪个国家？",
    });
  });

  it("leaves one-ask questions whole", () => {
    expect(splitCompound("In the karate club, which member has the most connections?")).toBeNull();
    expect(
      splitCompound("Which node has the highest PageRank, and the second highest?"),
    ).toBeNull();
    expect(splitCompound("What is the degree of n33?")).toBeNull();
  });

  it("joins both first sentences into one lead sentence", () => {
    const context = emptyPart({ succeeded: true });
    context.summary.push("Graph: metro.");
    const first = emptyPart({ succeeded: true });
    first.summary.push("Chapel End (st16) has the highest closeness centrality (0.2638).");
    const second = emptyPart({ succeeded: true });
    second.summary.push("Chapel End (st16) has line Red.");
    const parts = mergeCompoundParts({
      first: [context, first],
      second: [structuredClone(context), second],
      chinese: false,
    });
    expect(parts).toHaveLength(3);
    expect(parts[1].summary[0]).toBe(
      "Chapel End (st16) has the highest closeness centrality (0.2638); Chapel End (st16) has line Red.",
    );
  });
});
