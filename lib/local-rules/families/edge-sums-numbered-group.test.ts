import { afterAll, describe, expect, it } from "vitest";
import { closeIdleQueryEngines } from "@/lib/engine/query/query-engine-cache";
import { csvGraphLead } from "../testing/csv-graph-lead";

afterAll(async () => {
  await closeIdleQueryEngines();
});

// Grants paid between foundations ranked in levels. By hand: level 2 receives c2 40 + c3 25 +
// 15 = 80; level 1 (c1) receives 10.
const nodes = "id,name,level\nc1,Oak Trust,1\nc2,Elm Fund,2\nc3,Ash Fund,2\n";
const edges = "source,target,amount\nc1,c2,40\nc1,c3,25\nc2,c3,15\nc3,c1,10\n";

const lead = csvGraphLead({ edges, nodes }, { directed: true });

describe("a sum of what links carry into the nodes a figure describes", {
  timeout: 120_000,
}, () => {
  it("filters the receiving ends by a numbered property", async () => {
    for (const question of [
      "How much money did the level 2 funds receive in total?",
      "How much money did the level-2 funds receive altogether?",
    ]) {
      expect(await lead(question)).toMatch(/level = 2 is 80\b/);
    }
  });
});
