import { describe, expect, it } from "vitest";
import { detectIntent } from "./detect-intent";

describe("“which links are likely missing?”", () => {
  it("is answered with the likely-links index, not a property lookup", () => {
    for (const question of ["Which links are likely missing?", "What links are missing?"]) {
      expect(detectIntent({ question })).toMatchObject({
        kind: "analysis",
        analyses: [{ kind: "similarity", likelyLinks: true, node: null }],
      });
    }
  });

  it("asking for the trained model plans the missing-links model instead", () => {
    expect(
      detectIntent({ question: "Which links are likely missing? Use the trained model." }),
    ).toEqual({ kind: "machine-learning", ml: { kind: "missing-links", model: null } });
  });

  it("naming an encoder asks for that model, not an index", () => {
    expect(detectIntent({ question: "Which links are likely missing? Use a VGAE." })).toEqual({
      kind: "machine-learning",
      ml: { kind: "missing-links", model: "vgae" },
    });
  });

  it("an index named beside the word model stays the index", () => {
    expect(
      detectIntent({ question: "Which links are likely missing by Jaccard, not a model?" }),
    ).toMatchObject({ kind: "analysis", analyses: [{ kind: "similarity", metric: "jaccard" }] });
  });
});
