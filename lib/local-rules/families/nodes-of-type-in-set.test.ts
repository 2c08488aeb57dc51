import type { ModelMessage } from "ai";
import { afterAll, describe, expect, it } from "vitest";
import { attachedKarateState } from "@/lib/contracts/testing/session-states";
import { closeIdleQueryEngines } from "@/lib/engine/query/query-engine-cache";
import { analysisGraphEngine } from "../testing/analysis-graph-engine";
import { runConversation } from "../testing/run-conversation";

afterAll(async () => {
  await closeIdleQueryEngines();
});

// Stops of three kinds; the earlier answer listed four of them as a ranking.
const nodes = "id,name,kind\ns1,Quay,hub\ns2,Mill,stop\ns3,Fort,hub\ns4,Dale,stop\ns5,Moor,hub\n";
const edges = "source,target\ns1,s2\ns2,s3\ns3,s4\ns4,s5\ns1,s3\n";
const ranking = [
  "By degree, the highest-ranked of 5 nodes are Fort (s3) with 3, Quay (s1) with 2 and Mill (s2) with 2; the table lists the top 4.",
  "",
  "| Rank | Node | Type | degree |",
  "| --- | --- | --- | --- |",
  "| 1 | Fort (s3) | hub | 3 |",
  "| 2 | Quay (s1) | hub | 2 |",
  "| 3 | Mill (s2) | stop | 2 |",
  "| 4 | Dale (s4) | stop | 2 |",
].join("\n");

describe("a node type over an earlier ranking's rows", { timeout: 60_000 }, () => {
  it("lists the rows of that type: 'which of those four are hubs?', '这四个里哪些是 stop？'", async () => {
    const engine = await analysisGraphEngine({ kind: "csv", texts: { nodes, edges } });
    const history: ModelMessage[] = [
      { role: "user", content: "List the top 4 stops by degree." },
      { role: "assistant", content: ranking },
    ];
    const ask = async (question: string) =>
      (
        await runConversation({ question, state: attachedKarateState(), engine, history })
      ).answer.split("\n")[0];
    expect(await ask("Which of those four are hubs?")).toBe(
      "2 nodes have type hub: Quay (s1), Fort (s3).",
    );
    expect(await ask("Which of these 4 stations are stops?")).toBe(
      "2 nodes have type stop: Mill (s2), Dale (s4).",
    );
  });
});
