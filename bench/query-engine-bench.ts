// Chooses the SQL engine behind query_graph: DuckDB (@duckdb/node-api 1.5.6-r.1) or PGlite
// (@electric-sql/pglite 0.5.16), each in its own process, on a seeded Barabási–Albert graph of
// 100,000 nodes and 999,900 edges whose nodes carry a `segment` string and a `total` number.
// Steps: start-up (an empty instance answering SELECT 1), load (nodes + edges tables; DuckDB
// through the real buildQueryDatabase, PGlite through COPY FROM a blob, its fastest path),
// a GROUP BY over the edges joined twice to the nodes (first run, best of 3), peak RSS.
//
// Measured (2 cores shared with other sessions, load average 5–6, Node 20.20; wall seconds,
// ranges over 4 runs; peak RSS of the benchmark process, 180–193 MB of it the graph itself):
//
// | engine | start-up s | load s    | aggregate s (first / best of 3) | peak RSS MB |
// | ------ | ---------- | --------- | ------------------------------- | ----------- |
// | duckdb | 0.05–0.11  | 0.55–0.80 | 0.15–0.22 / 0.14–0.22           | 272–299     |
// | pglite | 5.3–9.6    | 13–35     | 1.07–1.84 / 1.03–1.70           | 1639–1728   |
//
// Both give the same answer. DuckDB's first query_graph call on this graph (engine process
// started, graph sent and loaded) took 1.6 s; later calls reuse the loaded process.
// DuckDB wins on every line, and on safety: it is interrupted mid-query by
// `connection.interrupt()` (PGlite ignores statement_timeout, so its only stop is terminating
// a worker and rebuilding the database), and it locks itself down (enable_external_access =
// false, lock_configuration = true, no extension autoload / install).
//
// Usage: npx tsx --conditions=react-server bench/query-engine-bench.ts [--edges /tmp/ba-sql.txt] [--json OUT]
//   (generates the edge list with generate-barabasi-albert.ts when the file is missing)
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import { parseTextEdgeList } from "../lib/engine/construction/parse-text-edge-list";
import type { GraphData } from "../lib/engine/graph/graph-data";
import { buildQueryDatabase } from "../lib/engine/query/build-query-database";
import { openQueryEngine } from "../lib/engine/query/open-query-engine";
import { runGraphQuery } from "../lib/engine/query/run-graph-query";
import { generateBarabasiAlbert } from "./generate-barabasi-albert";
import { peakRssMegabytes } from "./timing";

type EngineReport = {
  engine: string;
  startupSeconds: number;
  loadSeconds: number;
  aggregateFirstSeconds: number;
  aggregateBestSeconds: number;
  peakRssMegabytes: number;
  baselineRssMegabytes: number;
  answer: unknown[][];
  /** DuckDB: the first query_graph call (engine process start, graph sent and loaded). */
  firstQuerySeconds?: number;
};

const segments = ["retail", "online", "wholesale", "public"];
const duckdbAggregate = `SELECT n.segment, count(*) AS edges, round(sum(m.total), 2) AS total
  FROM edges e JOIN "default" n ON n.id = e.source JOIN "default" m ON m.id = e.target
  GROUP BY 1 ORDER BY 1`;
const pgliteAggregate = `SELECT n.segment, count(*) AS edges, round(sum(m.total)::numeric, 2) AS total
  FROM edges e JOIN nodes n ON n.id = e.source JOIN nodes m ON m.id = e.target
  GROUP BY 1 ORDER BY 1`;

/** The edge list as a graph whose nodes carry a segment and a total, deterministically. */
function loadGraph(file: string): GraphData {
  const graph = parseTextEdgeList({ input: readFileSync(file) });
  graph.nodeProperties = graph.nodeIds.map((_, i) => ({
    // Fibonacci hashing: the top two bits spread the segments evenly but not in id order.
    segment: segments[Math.imul(i, 2654435761) >>> 30],
    total: ((i * 7919) % 100_000) / 100,
  }));
  return graph;
}

async function seconds<T>(step: () => Promise<T>): Promise<[T, number]> {
  const start = process.hrtime.bigint();
  const result = await step();
  return [result, Number(process.hrtime.bigint() - start) / 1e9];
}

async function timeAggregate(run: () => Promise<unknown[][]>) {
  const [answer, first] = await seconds(run);
  let best = first;
  for (let i = 0; i < 2; i++) best = Math.min(best, (await seconds(run))[1]);
  return { answer, first, best };
}

async function benchDuckdb(graph: GraphData, baseline: number): Promise<EngineReport> {
  const [, startup] = await seconds(async () => {
    const instance = await openQueryEngine();
    const connection = await instance.connect();
    await connection.run("SELECT 1");
    connection.closeSync();
    instance.closeSync();
  });
  const [database, load] = await seconds(() => buildQueryDatabase({ graph }));
  database.instance.closeSync();
  // The path a tool call takes: an engine process started and loaded on first use, then the
  // parse-tree check and a read-only run for each query.
  const [, firstQuery] = await seconds(() => runGraphQuery({ graph, sql: "SELECT 1" }));
  const aggregate = await timeAggregate(
    async () => (await runGraphQuery({ graph, sql: duckdbAggregate, timeoutMs: 60_000 })).rows,
  );
  return { ...report("duckdb", startup, load, aggregate, baseline), firstQuerySeconds: firstQuery };
}

async function benchPglite(graph: GraphData, baseline: number): Promise<EngineReport> {
  const [, startup] = await seconds(async () => {
    const empty = await PGlite.create();
    await empty.query("SELECT 1");
    await empty.close();
  });
  const database = await PGlite.create();
  const [, load] = await seconds(async () => {
    await database.exec(`CREATE TABLE nodes (id text PRIMARY KEY, segment text, total double precision);
      CREATE TABLE edges (source text, target text, weight double precision);`);
    const nodeLines = graph.nodeIds.map((id, i) => {
      const properties = graph.nodeProperties[i] as { segment: string; total: number };
      return `${id}\t${properties.segment}\t${properties.total}\n`;
    });
    await database.query("COPY nodes FROM '/dev/blob'", [], { blob: new Blob(nodeLines) });
    const edgeLines: string[] = [];
    for (let e = 0; e < graph.edgeSources.length; e++) {
      edgeLines.push(
        `${graph.nodeIds[graph.edgeSources[e]]}\t${graph.nodeIds[graph.edgeTargets[e]]}\t1\n`,
      );
    }
    await database.query("COPY edges FROM '/dev/blob'", [], { blob: new Blob(edgeLines) });
    await database.exec("ANALYZE");
  });
  const aggregate = await timeAggregate(async () => {
    const result = await database.query<Record<string, unknown>>(pgliteAggregate, [], {
      rowMode: "array",
    });
    return result.rows as unknown as unknown[][];
  });
  await database.close();
  return report("pglite", startup, load, aggregate, baseline);
}

function report(
  engine: string,
  startupSeconds: number,
  loadSeconds: number,
  aggregate: { answer: unknown[][]; first: number; best: number },
  baselineRssMegabytes: number,
): EngineReport {
  return {
    engine,
    startupSeconds,
    loadSeconds,
    aggregateFirstSeconds: aggregate.first,
    aggregateBestSeconds: aggregate.best,
    peakRssMegabytes: peakRssMegabytes(),
    baselineRssMegabytes,
    answer: aggregate.answer.map((row) => row.map((value) => String(value))),
  };
}

function runChild(engine: string, edges: string): EngineReport {
  const child = spawnSync(
    process.execPath,
    [...process.execArgv, import.meta.filename, "--engine", engine, "--edges", edges],
    { encoding: "utf8", maxBuffer: 16 * 1024 * 1024, stdio: ["ignore", "pipe", "inherit"] },
  );
  if (child.status !== 0) throw new Error(`${engine} benchmark failed (exit ${child.status})`);
  const lines = child.stdout.trim().split("\n");
  return JSON.parse(lines[lines.length - 1]) as EngineReport;
}

async function main() {
  const { values } = parseArgs({
    options: {
      edges: { type: "string", default: "/tmp/ba-sql.txt" },
      engine: { type: "string" },
      json: { type: "string" },
    },
  });
  const edges = values.edges as string;
  if (values.engine) {
    const graph = loadGraph(edges);
    const baseline = peakRssMegabytes();
    const result =
      values.engine === "duckdb"
        ? await benchDuckdb(graph, baseline)
        : await benchPglite(graph, baseline);
    process.stdout.write(`${JSON.stringify(result)}\n`);
    // DuckDB and PGlite keep native threads / handles alive; the parent has what it needs.
    process.exit(0);
  }
  if (!existsSync(edges)) {
    writeFileSync(
      edges,
      generateBarabasiAlbert({ nodes: 100_000, m: 10, seed: 1, weighted: false }),
    );
  }
  const reports = ["duckdb", "pglite"].map((engine) => runChild(engine, edges));
  const format = (value: number) => value.toFixed(2);
  console.log(
    "| engine | start-up s | load s | aggregate s (first / best of 3) | peak RSS MB (graph alone) |",
  );
  console.log(
    "| ------ | ---------- | ------ | ------------------------------- | ------------------------- |",
  );
  for (const r of reports) {
    console.log(
      `| ${r.engine} | ${format(r.startupSeconds)} | ${format(r.loadSeconds)} | ${format(r.aggregateFirstSeconds)} / ${format(r.aggregateBestSeconds)} | ${Math.round(r.peakRssMegabytes)} (${Math.round(r.baselineRssMegabytes)}) |`,
    );
  }
  const first = reports[0].firstQuerySeconds;
  if (first !== undefined)
    console.log(`duckdb first query (process start + load): ${format(first)} s`);
  const same = JSON.stringify(reports[0].answer) === JSON.stringify(reports[1].answer);
  console.log(`answers agree: ${same}`, same ? "" : JSON.stringify(reports.map((r) => r.answer)));
  if (values.json) writeFileSync(values.json, JSON.stringify(reports, null, 2));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
