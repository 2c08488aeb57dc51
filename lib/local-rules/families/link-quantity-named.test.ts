import { afterAll, describe, expect, it } from "vitest";
import { closeIdleQueryEngines } from "@/lib/engine/query/query-engine-cache";
import { csvGraphLead } from "../testing/csv-graph-lead";

afterAll(async () => {
  await closeIdleQueryEngines();
});

// Card payments between shops, each with the amount paid and the processing fee charged. By
// hand: Alder sent 100 + 40 = 140 with fees 2 + 1 = 3; Birch sent 60 with fee 5.
const nodes = ["id,city", "Alder,Leeds", "Birch,York", "Cedar,Leeds"].join("\n");
const edges = [
  "source,target,amount,fee",
  "Alder,Birch,100,2",
  "Alder,Cedar,40,1",
  "Birch,Cedar,60,5",
].join("\n");

const lead = csvGraphLead({ edges, nodes }, { directed: true });

describe("money on links that carry two sums", { timeout: 120_000 }, () => {
  it("sums the property the question names, not the first money column", async () => {
    for (const question of [
      "Alder - add up the fees on everything it sent. What's the figure?",
      "What were the total fees on payments Alder sent?",
    ]) {
      const text = await lead(question);
      expect(text).toMatch(/\b3\b/);
      expect(text).not.toMatch(/\b140\b/);
    }
  });

  it("still sums the amount when money is asked without a name", async () => {
    expect(await lead("How much money did Alder send in total?")).toMatch(/\b140\b/);
  });
});
