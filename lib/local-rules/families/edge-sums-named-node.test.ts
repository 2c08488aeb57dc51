import { afterAll, describe, expect, it } from "vitest";
import { closeIdleQueryEngines } from "@/lib/engine/query/query-engine-cache";
import { csvGraphLead } from "../testing/csv-graph-lead";

afterAll(async () => {
  await closeIdleQueryEngines();
});

// A water network whose pumping stations are named after their valley. By hand: the pipes of
// Riverton Junction (p1) are 3.5 + 2.0 + 4.0 = 9.5 km and 30 + 20 + 10 = 60 ML/day; the
// Riverton valley's pipes (p1, p2) add up to more (p2's own 1.5 km and 5 ML/day besides).
const nodes = [
  "id,name,valley",
  "p1,Riverton Junction,Riverton",
  "p2,Riverton Weir,Riverton",
  "p3,Elder Tank,Elder",
  "p4,Elder Mill,Elder",
].join("\n");
const edges =
  "source,target,weight,capacity\np1,p2,3.5,30\np1,p3,2.0,20\np1,p4,4.0,10\np2,p3,1.5,5\n";

const lead = csvGraphLead({ edges, nodes });

describe("a node named after a property value", { timeout: 120_000 }, () => {
  it("sums the links of the node, not of its value's group", async () => {
    for (const question of [
      "Add up the capacity of every pipe attached to Riverton Junction.",
      "What is the total capacity of the pipes touching Riverton Junction?",
    ]) {
      expect(await lead(question)).toMatch(/^Riverton Junction \(p1\) has 60 capacity in total/);
    }
    expect(await lead("How many km of pipe leave Riverton Junction, all pipes added up?")).toMatch(
      /^Riverton Junction \(p1\) has 9\.50* weight in total/,
    );
  });
});
