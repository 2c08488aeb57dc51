import { afterAll, describe, expect, it } from "vitest";
import { attachedKarateState } from "@/lib/contracts/testing/session-states";
import { closeIdleQueryEngines } from "@/lib/engine/query/query-engine-cache";
import { analysisGraphEngine } from "../testing/analysis-graph-engine";
import { runConversation } from "../testing/run-conversation";

afterAll(async () => {
  await closeIdleQueryEngines();
});

// Payments between firms, with amounts. By hand: Acme Corp (f1) is paid by f2, f3 and f4 (three
// payers, 10 + 20 + 30 = 60) and pays f2 once.
const nodes = "id,name\nf1,Acme Corp\nf2,Birch Ltd\nf3,Cobalt Inc\nf4,Dune Co\n";
const edges = "source,target,amount\nf2,f1,10\nf3,f1,20\nf4,f1,30\nf1,f2,5\n";

async function lead(question: string) {
  const { answer } = await runConversation({
    question,
    state: attachedKarateState(),
    engine: await analysisGraphEngine({
      kind: "csv",
      texts: { edges, nodes },
      options: { directed: true },
    }),
  });
  return answer.split("\n")[0];
}

describe("a count of partners with a Chinese measure word", { timeout: 120_000 }, () => {
  it("counts the payers, not the money they paid", async () => {
    for (const question of [
      "有多少家公司给 Acme Corp 汇过款？",
      "有几家公司给 Acme Corp 汇了钱？",
    ]) {
      expect(await lead(question)).toMatch(/入度为 3/);
    }
  });
});
