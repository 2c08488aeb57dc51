// `npm run bench:wide-table`: how long a wide node table (thousands of numeric feature columns)
// takes to upload and build, against the 6 s target, stage by stage. Two tables by default: a
// seeded CiteSeer-like one (3,300 rows × 3,700 0/1 columns, bench/generate-wide-node-table.ts)
// and Cora's node table when .data/datasets/cora (or --cora DIR) is there (as bench:ml).
//
// Per table, in one process and in this order, each step after a full GC (`--expose-gc`):
// - `parse`: readCsv of the node table (raw fields);
// - `construct`: constructFromCsv of node + edge table (what the kernel pool's worker runs);
// - `clone`: structuredClone of the built graph (the pool's worker sending it back);
// - `encode` / `decode`: the saved payload (graph-codec), as a build saves it and a training or
//   a session loads it;
// - `features`: deriveFeatureSchema + buildFeatureMatrix (what a training starts with);
// - `catalogue`: describeProperties (get_graph_info, the graph view's property names).
// `build` = construct + clone + encode: the in-memory part of a build job. Each path runs
// twice: `typed` (the numeric store, today's path) and `objects` (the same build with the store
// off: one property object per node, the path before it), so before/after come from the same
// minute.
//
// `--database` adds the end-to-end figure: uploadDataset + constructDataset (the build job's
// own code, kernel pool included) against TEST_DATABASE_URL (wiped!) or an embedded PostgreSQL
// under .data/bench-wide-table, with the typed store only.
// Options: --rows 3300 --columns 3700 --seed 1 --cora DIR --skip-objects --database
import { readFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { constructFromCsv } from "../lib/engine/construction/csv/construct-from-csv";
import { readCsv } from "../lib/engine/construction/csv/csv-reader";
import type { GraphData } from "../lib/engine/graph/graph-data";
import { describeProperties } from "../lib/engine/graph/property-catalogue";
import { deriveFeatureSchema } from "../lib/engine/ml/derive-feature-schema";
import { buildFeatureMatrix } from "../lib/engine/ml/feature-matrix";
import { decodeGraph, encodeGraph } from "../lib/engine/storage/graph-codec";
import { generateWideNodeTable } from "./generate-wide-node-table";

const targetSeconds = 6;
const repositoryRoot = path.resolve(import.meta.dirname, "..");

type Tables = { name: string; nodes: string; edges: string };

const { values: options } = parseArgs({
  options: {
    rows: { type: "string", default: "3300" },
    columns: { type: "string", default: "3700" },
    seed: { type: "string", default: "1" },
    cora: {
      type: "string",
      default: path.join(repositoryRoot, ".data", "datasets", "cora"),
    },
    "skip-objects": { type: "boolean", default: false },
    database: { type: "boolean", default: false },
  },
});

function collectGarbage() {
  (globalThis as { gc?: () => void }).gc?.();
}

// CPU seconds beside wall seconds: on a shared machine the gap is time spent waiting for a core.
const cpuTimes: Record<string, number> = {};

function timed<T>(times: Record<string, number>, step: string, run: () => T): T {
  collectGarbage();
  const start = performance.now();
  const cpu = process.cpuUsage();
  const result = run();
  times[step] = (performance.now() - start) / 1000;
  const used = process.cpuUsage(cpu);
  cpuTimes[step] = (used.user + used.system) / 1e6;
  return result;
}

function measure(tables: Tables, path: "typed" | "objects") {
  const times: Record<string, number> = {};
  const minimum = path === "typed" ? undefined : Number.POSITIVE_INFINITY;
  timed(times, "parse", () => readCsv({ text: tables.nodes }).rowCount);
  const graph = timed(times, "construct", () =>
    constructFromCsv({
      edges: tables.edges,
      nodes: tables.nodes,
      numericStoreMinimumColumns: minimum,
    }),
  );
  timed(times, "clone", () => structuredClone(graph));
  const payload = timed(times, "encode", () => encodeGraph(graph));
  const decoded: GraphData = timed(times, "decode", () => decodeGraph(payload));
  const matrix = timed(times, "features", () => {
    const schema = deriveFeatureSchema({
      graph: decoded,
      selection: {},
      excluded: ["label", "split"],
      structuralValues: {},
    });
    return buildFeatureMatrix({ graph: decoded, schema, structuralValues: {} });
  });
  timed(times, "catalogue", () => describeProperties({ graph: decoded }));
  const build = times.construct + times.clone + times.encode;
  return {
    path,
    nodes: graph.nodeIds.length,
    edges: graph.edgeSources.length,
    numericColumns: graph.nodeNumericColumns?.names.length ?? 0,
    featureWidth: matrix.cols,
    featureNonZeros: matrix.indices.length,
    payloadMB: round(payload.bytes.byteLength / 1e6),
    seconds: Object.fromEntries(Object.entries(times).map(([step, s]) => [step, round(s)])),
    cpuSeconds: Object.fromEntries(Object.keys(times).map((step) => [step, round(cpuTimes[step])])),
    buildSeconds: round(build),
    targetSeconds,
  };
}

let databaseStarted: Promise<void> | undefined;

async function measureDatabase(tables: Tables) {
  const { startBenchDatabase } = await import("./bench-database");
  databaseStarted ??= startBenchDatabase({ name: "bench-wide-table" }).then(() => {});
  await databaseStarted;
  const { randomUUID } = await import("node:crypto");
  const { insertUser } = await import("../lib/db/queries/users");
  const { createProject } = await import("../lib/projects/create-project");
  const { uploadDataset } = await import("../lib/datasets/upload-dataset");
  const { constructDataset } = await import("../lib/constructions/construct-dataset");
  const { engineKernelPool } = await import("../lib/kernels/engine-kernels");
  const user = await insertUser({ email: `bench-${randomUUID()}@bench.local`, displayName: "b" });
  const project = await createProject({ ownerId: user.id, name: "Wide table" });
  // The kernel pool's threads loaded, as in a running server.
  engineKernelPool()?.warm();
  collectGarbage();
  const start = performance.now();
  const dataset = await uploadDataset({
    ownerId: user.id,
    projectId: project.project_id,
    file: { filename: "edges.csv", bytes: Buffer.from(tables.edges) },
    nodes: { filename: "nodes.csv", bytes: Buffer.from(tables.nodes) },
  });
  const uploaded = performance.now();
  // The job's own stage reports (reading → parsing → saving → done), timed as they arrive.
  const stages: Record<string, number> = {};
  let stageStart = uploaded;
  let stage = "start";
  const built = await constructDataset({
    ownerId: user.id,
    datasetId: dataset.dataset_id,
    options: {},
    onProgress: (report) => {
      if (report.stage === stage) return;
      const now = performance.now();
      stages[stage] = round((now - stageStart) / 1000);
      stage = report.stage;
      stageStart = now;
    },
  });
  const end = performance.now();
  return {
    nodes: built.node_count,
    edges: built.edge_count,
    seconds: {
      upload: round((uploaded - start) / 1000),
      build: round((end - uploaded) / 1000),
      total: round((end - start) / 1000),
    },
    buildStages: stages,
    targetSeconds,
  };
}

async function closeDatabase() {
  if (!databaseStarted) return;
  const { engineKernelPool } = await import("../lib/kernels/engine-kernels");
  const { disconnectDb } = await import("../lib/db/client");
  await engineKernelPool()?.close();
  await disconnectDb();
}

function round(value: number) {
  return Math.round(value * 1000) / 1000;
}

function tablesToMeasure(): Tables[] {
  const rows = Number(options.rows);
  const columns = Number(options.columns);
  const generated = generateWideNodeTable({
    rows,
    columns,
    edges: Math.round(rows * 1.4),
    seed: Number(options.seed),
  });
  const list: Tables[] = [
    { name: `generated ${rows}×${columns} (seed ${options.seed})`, ...generated },
  ];
  try {
    list.push({
      name: "cora",
      nodes: readFileSync(path.join(options.cora, "cora_nodes.csv"), "utf8"),
      edges: readFileSync(path.join(options.cora, "cora_edges.csv"), "utf8"),
    });
  } catch {
    console.error(`(no Cora tables under ${options.cora}: skipped)`);
  }
  return list;
}

async function main() {
  const report = [];
  for (const tables of tablesToMeasure()) {
    const paths = options["skip-objects"]
      ? ["typed" as const]
      : ["typed" as const, "objects" as const];
    const results = paths.map((which) => measure(tables, which));
    const database = options.database ? await measureDatabase(tables) : undefined;
    report.push({
      table: tables.name,
      nodeTableMB: round(tables.nodes.length / 1e6),
      results,
      database,
    });
    for (const result of results) {
      console.error(
        `${tables.name} [${result.path}]: build ${result.buildSeconds} s (target ≤ ${targetSeconds} s) — wall ${JSON.stringify(result.seconds)} cpu ${JSON.stringify(result.cpuSeconds)}`,
      );
    }
    if (database) {
      console.error(
        `${tables.name} [upload + constructDataset]: ${database.seconds.total} s (target ≤ ${targetSeconds} s) — ${JSON.stringify(database.seconds)} build stages ${JSON.stringify(database.buildStages)}`,
      );
    }
  }
  await closeDatabase();
  console.log(JSON.stringify(report, null, 2));
}

void main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
