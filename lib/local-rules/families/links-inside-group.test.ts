import { afterAll, describe, expect, it } from "vitest";
import { attachedKarateState } from "@/lib/contracts/testing/session-states";
import { closeIdleQueryEngines } from "@/lib/engine/query/query-engine-cache";
import { analysisGraphEngine } from "../testing/analysis-graph-engine";
import { runConversation } from "../testing/run-conversation";
import { readAnalyses } from ".";

afterAll(async () => {
  await closeIdleQueryEngines();
});

// Undirected roads whose weight is the length in km. By hand: inside North only Alder–Birch
// (10.5 km); inside South only Cedar–Dover (5.25 km). Cedar's neighbours: Birch, Dover, Alder.
const edges = "a,b,weight\nt1,t2,10.5\nt2,t3,20\nt3,t4,5.25\nt1,t3,8\nt4,t5,12\n";
const nodes =
  "id,name,district\nt1,Alder,North\nt2,Birch,North\nt3,Cedar,South\nt4,Dover,South\nt5,Elm,East\n";

async function lead(question: string) {
  const { answer } = await runConversation({
    question,
    state: attachedKarateState(),
    engine: await analysisGraphEngine({ kind: "csv", texts: { edges, nodes } }),
  });
  return answer.split("\n")[0];
}

describe("the length of the links that lie entirely inside a group", { timeout: 120_000 }, () => {
  it("sums the km of the links with both ends in the group", async () => {
    expect(await lead("How many km of road lie entirely inside the North district?")).toMatch(
      /\b10\.50*\b/,
    );
    expect(await lead("How many km of road are wholly within South?")).toMatch(/\b5\.250*\b/);
  });
});

describe("a node's neighbours asked with 连着", () => {
  it("reads the nodes a named node is directly joined to", () => {
    for (const question of ["Cedar 直接连着哪些城镇？", "Cedar 连着哪些地方？"]) {
      expect(readAnalyses(question)).toMatchObject([{ kind: "neighbours", node: "Cedar" }]);
    }
  });
});
