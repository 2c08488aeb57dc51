import { afterAll, describe, expect, it } from "vitest";
import { closeIdleQueryEngines } from "@/lib/engine/query/query-engine-cache";
import { csvGraphLead } from "../testing/csv-graph-lead";

afterAll(async () => {
  await closeIdleQueryEngines();
});

const nodes = "id,name\nw1,North Depot\nw2,Ferry Yard\nw3,Mill Store\n";

function lead(question: string, edges: string) {
  return csvGraphLead({ edges, nodes }, { directed: true })(question);
}

describe("single links ranked by what they carry, on a graph without weights", {
  timeout: 120_000,
}, () => {
  it("ranks by the sum of money when the links carry money and a fee", async () => {
    const edges = "source,target,amount,fee\nw1,w2,40,9\nw2,w3,95,1\nw3,w1,60,5\n";
    for (const question of [
      "Which single payment was the largest? Who made it and who received it?",
      "What was the biggest single transaction?",
    ]) {
      expect(await lead(question, edges)).toMatch(/Ferry Yard \(w2\) → Mill Store \(w3\) \(95\)/);
    }
  });

  it("ranks by the only number the links carry", async () => {
    const edges = "source,target,tonnes\nw1,w2,12\nw2,w3,7\nw3,w1,30\n";
    expect(await lead("Which individual shipment was the smallest?", edges)).toMatch(
      /lowest tonnes is Ferry Yard \(w2\) → Mill Store \(w3\) \(7\)/,
    );
  });
});
