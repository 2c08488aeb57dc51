import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { generateBarabasiAlbert } from "../../../bench/generate-barabasi-albert";
import { fixturesDirectory } from "../algorithms/test-graphs";
import { type ConstructGraphInput, constructGraph } from "../construction/construct-graph";
import { constructGraphInPool, poolMinimumUploadSize } from "./construct-graph-in-pool";
import { KernelPool } from "./kernel-pool";

const formats = path.resolve(__dirname, "../../../tests/fixtures/formats");

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error,
  );

describe("constructGraphInPool", () => {
  const pool = new KernelPool({ size: 1 });
  afterAll(() => pool.close());
  const karateEdges = readFileSync(path.join(fixturesDirectory, "karate_edges.csv"), "utf8");
  const karateNodes = readFileSync(path.join(fixturesDirectory, "karate_nodes.csv"), "utf8");
  const largeText = generateBarabasiAlbert({ nodes: 12_000, m: 8, seed: 2, weighted: true });

  it("builds in a worker exactly the graph the inline construction builds", async () => {
    const inputs: ConstructGraphInput[] = [
      { kind: "txt", text: largeText },
      { kind: "txt", text: new TextEncoder().encode(largeText), options: { directed: true } },
      { kind: "csv", text: karateEdges, nodesText: karateNodes },
      // The graph-file and SQLite readers load saxes and sql.js's WebAssembly in the worker too.
      { kind: "graphml", text: new Uint8Array(readFileSync(path.join(formats, "people.graphml"))) },
      { kind: "sqlite", text: new Uint8Array(readFileSync(path.join(formats, "payments.sqlite"))) },
    ];
    for (const input of inputs) {
      const inline = await constructGraph(input);
      const pooled = await pool.construct(input);
      expect(pooled).toStrictEqual(inline);
    }
  }, 60_000);

  it("fails with the inline PARSE_ERROR, line and column included", async () => {
    const broken = `${largeText}\nlonely\n`;
    const inline = await failureOf(constructGraph({ kind: "txt", text: broken }));
    const pooled = await failureOf(pool.construct({ kind: "txt", text: broken }));
    expect(inline).toMatchObject({ code: "PARSE_ERROR" });
    expect(pooled).toMatchObject({
      name: "EngineError",
      code: "PARSE_ERROR",
      message: (inline as Error).message,
      details: (inline as { details: unknown }).details,
    });
  }, 60_000);

  it("uses the pool for a large CSV or TXT upload only", async () => {
    expect(largeText.length).toBeGreaterThanOrEqual(poolMinimumUploadSize);
    const calls: string[] = [];
    const recording = {
      construct: (input: ConstructGraphInput) => {
        calls.push(input.kind);
        return constructGraph(input);
      },
    } as unknown as KernelPool;
    await constructGraphInPool({ construction: { kind: "txt", text: largeText }, pool: recording });
    await constructGraphInPool({
      construction: { kind: "csv", text: karateEdges },
      pool: recording,
    });
    await constructGraphInPool({ construction: { kind: "txt", text: largeText }, pool: null });
    expect(calls).toEqual(["txt"]);
  }, 60_000);

  it("answers a cancelled construction with JOB_CANCELLED", async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      constructGraphInPool({
        construction: { kind: "txt", text: largeText, signal: controller.signal },
        pool,
      }),
    ).rejects.toMatchObject({ code: "JOB_CANCELLED" });
  });
});
