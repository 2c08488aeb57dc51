import { afterAll, describe, expect, it } from "vitest";
import { attachedKarateState } from "@/lib/contracts/testing/session-states";
import { closeIdleQueryEngines } from "@/lib/engine/query/query-engine-cache";
import { analysisGraphEngine } from "../testing/analysis-graph-engine";
import { runConversation } from "../testing/run-conversation";

afterAll(async () => {
  await closeIdleQueryEngines();
});

// A bus network of two kinds of stop, each zone with one hub. By hand: zone Harbour holds h1,
// s1, s2 (riders 900 + 120 + 80 = 1100); zone Upland holds h2, s3 (700 + 300 = 1000); zone
// Meadow holds s4 (50). Harbour is the zone with the most riders, Meadow the fewest.
const nodes = [
  "id,name,kind,zone,riders",
  "h1,Harbour Interchange,hub,Harbour,900",
  "h2,Upland Interchange,hub,Upland,700",
  "s1,Quay Street,stop,Harbour,120",
  "s2,Fish Market,stop,Harbour,80",
  "s3,Hill Road,stop,Upland,300",
  "s4,Meadow Lane,stop,Meadow,50",
].join("\n");
const edges = "source,target\nh1,s1\nh1,s2\nh1,h2\nh2,s3\ns3,s4\n";

async function lead(question: string) {
  const { answer } = await runConversation({
    question,
    state: attachedKarateState(),
    engine: await analysisGraphEngine({ kind: "csv", texts: { edges, nodes } }),
  });
  return answer.split("\n")[0];
}

describe("a number the nodes hold, summed over a value or per group", { timeout: 120_000 }, () => {
  it("sums over the nodes of every kind a value describes", async () => {
    for (const question of [
      "What is the total number of riders in the Harbour zone?",
      "Harbour 区的乘客总数是多少？",
    ]) {
      expect(await lead(question)).toMatch(/\b1100\b/);
    }
  });

  it("ranks the groups of a text property by their sum", async () => {
    expect(await lead("Which zone serves the most riders?")).toMatch(
      /^Harbour has the most riders/,
    );
    expect(await lead("Which zone has the fewest riders in total?")).toMatch(/^Meadow /);
  });

  it("counts the nodes of every kind a shared value describes", async () => {
    for (const question of [
      "How many stations are in the Harbour zone?",
      "Harbour 区一共有多少个节点？",
    ]) {
      expect(await lead(question)).toMatch(/\b3\b/);
    }
  });
});
