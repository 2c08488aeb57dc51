import { describe, expect, it } from "vitest";
import { clampToolConcurrency } from "./clamp-tool-concurrency";
import { call } from "./testing/fake-tools";
import { startBatch } from "./testing/start-batch";

const reads = (count: number) =>
  Array.from({ length: count }, (_, index) =>
    call({ id: `r${index}`, tool: "search_node", args: { query: `q${index}` } }),
  );

describe("runToolBatch concurrency (DAG-1)", () => {
  it("serialises independent reads with maxConcurrency=1, in batch order", async () => {
    const batch = await startBatch({ calls: reads(5), maxConcurrency: 1 });
    for (let index = 0; index < 5; index += 1) {
      expect(batch.tools.running()).toEqual([`r${index}`]);
      await batch.tools.finish(`r${index}`);
    }
    await batch.result;
    expect(batch.tools.maxRunning).toBe(1);
    expect(batch.tools.started).toEqual(["r0", "r1", "r2", "r3", "r4"]);
  });

  it("allows 4 at once with maxConcurrency=4 and refills a freed slot with the next call", async () => {
    const batch = await startBatch({ calls: reads(6), maxConcurrency: 4 });
    expect(batch.tools.running()).toEqual(["r0", "r1", "r2", "r3"]);
    await batch.tools.finish("r2");
    expect(batch.tools.running()).toEqual(["r0", "r1", "r3", "r4"]);
    for (const id of ["r0", "r1", "r3", "r4"]) await batch.tools.finish(id);
    expect(batch.tools.running()).toEqual(["r5"]);
    await batch.tools.finish("r5");
    expect((await batch.result).every((outcome) => outcome.status === "succeeded")).toBe(true);
    expect(batch.tools.maxRunning).toBe(4);
  });

  it.each([
    [0, 1],
    [-3, 1],
    [100, 32],
    [Number.NaN, 4],
    [2.7, 2],
  ])("clamps maxConcurrency %s to %s running calls", async (requested, expected) => {
    const batch = await startBatch({ calls: reads(40), maxConcurrency: requested });
    expect(batch.tools.running()).toHaveLength(expected);
    expect(clampToolConcurrency({ value: requested })).toBe(expected);
  });
});
