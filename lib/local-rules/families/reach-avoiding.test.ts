import { afterAll, describe, expect, it } from "vitest";
import { attachedKarateState } from "@/lib/contracts/testing/session-states";
import { closeIdleQueryEngines } from "@/lib/engine/query/query-engine-cache";
import { realGraphEngine } from "../testing/real-graph-engine";
import { type FakeEngine, runConversation } from "../testing/run-conversation";
import { readAnalyses } from ".";

afterAll(async () => {
  await closeIdleQueryEngines();
});

// Trails: Alder – Birch – Col – Dale, and Alder – Elm – Fern – Dale; Gorge hangs off Col alone.
const nodes = "id,name\nt1,Alder\nt2,Birch\nt3,Col\nt4,Dale\nt5,Elm\nt6,Fern\nt7,Gorge\n";
const edges = "source,target\nt1,t2\nt2,t3\nt3,t4\nt1,t5\nt5,t6\nt6,t4\nt3,t7\n";

async function lead(question: string, engine: FakeEngine) {
  const { answer } = await runConversation({ question, state: attachedKarateState(), engine });
  return answer.split("\n")[0];
}

describe("reachability without a node", { timeout: 60_000 }, () => {
  it("reads a node closed, removed or passed around, in English and Chinese", () => {
    for (const question of [
      "Could I still get from Alder to Dale if Col were closed?",
      "Can Alder reach Dale without passing through Col?",
      "如果 Col 关闭，从 Alder 还能走到 Dale 吗？",
      "不经过 Col 的话，Alder 能到达 Dale 吗？",
    ]) {
      expect(readAnalyses(question), question).toEqual([
        { kind: "reach-avoiding", source: "Alder", target: "Dale", avoided: "Col" },
      ]);
    }
    // A path asked for is still a path.
    expect(
      readAnalyses("What is the shortest path from Alder to Dale avoiding Col?")[0]?.kind,
    ).toBe("path");
  });

  it("walks around the closed node, and says no when every path needs it", async () => {
    const engine = await realGraphEngine({ kind: "csv", texts: { nodes, edges } });
    expect(await lead("Could I still get from Alder to Dale if Col were closed?", engine)).toBe(
      "Yes — Dale (t4) can still be reached from Alder (t1) without passing through Col (t3).",
    );
    expect(await lead("Can Alder reach Gorge without going through Col?", engine)).toMatch(
      /^No — without Col \(t3\), Gorge \(t7\) cannot be reached from Alder \(t1\)/,
    );
    expect(await lead("如果 Col 被关闭，从 Alder 还能走到 Gorge 吗？", engine)).toMatch(/^否——/);
  });
});
