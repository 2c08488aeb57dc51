import { afterAll, describe, expect, it } from "vitest";
import { closeIdleQueryEngines } from "@/lib/engine/query/query-engine-cache";
import { csvGraphLead } from "../testing/csv-graph-lead";

afterAll(async () => {
  await closeIdleQueryEngines();
});

// Power lines between a plant and substations. Capacity at each end, by hand: Big Plant (g1)
// 500 + 300 = 800; North Sub (s1) 500 + 120 = 620; South Sub (s2) 300 + 120 + 90 = 510; Mill
// Sub (s3) 90. Leaving the plant out, North Sub has the most.
const nodes =
  "id,name,kind\ng1,Big Plant,plant\ns1,North Sub,substation\ns2,South Sub,substation\ns3,Mill Sub,substation\n";
const edges = "a,b,capacity\ng1,s1,500\ng1,s2,300\ns1,s2,120\ns2,s3,90\n";

const lead = csvGraphLead({ edges, nodes });

describe("a kind of node left out of a ranking by what links carry", { timeout: 120_000 }, () => {
  it("ranks the other kinds only", async () => {
    for (const question of [
      "Leaving out the plants, which node has the most line capacity attached to it?",
      "Excluding the plant, which node has the highest total capacity?",
    ]) {
      expect(await lead(question)).toMatch(/^North Sub \(s1\) has the most capacity \(620/);
    }
  });
});
