import { describe, expect, it } from "vitest";
import { readByMeaning, scoreReadings } from "./read-by-meaning";

const top = (question: string) => scoreReadings(question)[0]?.reading.id;

describe("reading a question by meaning", () => {
  it("scores paraphrases by their concepts, not their exact words", () => {
    expect(top("How many transfers leave a07?")).toBe("out-degree");
    expect(top("Does money ever flow back to where it started?")).toBe("cycles");
    expect(top("How far apart are the two furthest stations?")).toBe("diameter");
    expect(top("去掉哪些站点会让网络断开？")).toBe("articulation-points");
    expect(top("Can a shipment from n1 ever get to n9?")).toBe("reachability");
  });

  it("only offers readings that name as many nodes as the question", () => {
    // Two nodes named: no whole-graph reading competes.
    const ids = scoreReadings("how far is n1 from n9").map((entry) => entry.reading.id);
    expect(ids.every((id) => ["shortest-path", "reachability", "edge-exists"].includes(id))).toBe(
      true,
    );
  });

  it("rewrites a clear match to its canonical question and leaves a weak one alone", () => {
    expect(readByMeaning("Is there any way to get from n3 to n7 at all?")).toMatchObject({
      kind: "rewrite",
      question: "Is n7 reachable from n3?",
      reading: "reachability",
    });
    expect(readByMeaning("What colour is the sky today?")).toBeNull();
  });
});
