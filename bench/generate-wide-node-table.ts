// Writes a seeded CiteSeer-like pair of CSV tables for the wide-table benchmark: a node table
// `id,label,split,w0…w<columns-1>` of 0/1 bag-of-words features and an edge list between them.
// Usage: npx tsx bench/generate-wide-node-table.ts [--rows 3300] [--columns 3700] [--edges 4600]
//        [--seed 1] [--out .data/bench/wide-3300x3700]
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { createRandom } from "../lib/engine/algorithms/seeded-random";

/** The two tables' text. */
export type WideNodeTable = { nodes: string; edges: string };

/** Default output folder for a given size, under the git-ignored .data/ folder. */
export function defaultWideTableFolder({ rows, columns }: { rows: number; columns: number }) {
  return path.join(".data", "bench", `wide-${rows}x${columns}`);
}

/**
 * A node table shaped like CiteSeer's (3,312 papers × 3,703 words, about 32 words a paper):
 * each row sets `wordsPerRow` distinct columns to 1 on average (Poisson-like: each cell is 1
 * with probability wordsPerRow / columns), the rest 0; 6 classes; a Planetoid-like split
 * column. Edges join uniformly drawn distinct pairs (no self-loops). Same seed, same text.
 */
export function generateWideNodeTable(input: {
  rows: number;
  columns: number;
  edges: number;
  seed: number;
  wordsPerRow?: number;
}): WideNodeTable {
  const { rows, columns, seed } = input;
  const random = createRandom({ seed });
  const density = (input.wordsPerRow ?? 32) / columns;
  const header = ["id", "label", "split"];
  for (let c = 0; c < columns; c++) header.push(`w${c}`);
  const lines = [header.join(",")];
  const cells = new Array<string>(columns);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < columns; c++) cells[c] = random() < density ? "1" : "0";
    const split = r < 120 ? "train" : r < 620 ? "val" : r < 1620 ? "test" : "unlabeled";
    lines.push(`n${r},c${Math.floor(random() * 6)},${split},${cells.join(",")}`);
  }
  const edgeLines = ["source,target"];
  for (let e = 0; e < input.edges; e++) {
    const u = Math.floor(random() * rows);
    let v = Math.floor(random() * (rows - 1));
    if (v >= u) v++;
    edgeLines.push(`n${u},n${v}`);
  }
  return { nodes: `${lines.join("\n")}\n`, edges: `${edgeLines.join("\n")}\n` };
}

/** Writes nodes.csv and edges.csv into `folder`; returns their paths. */
export function writeWideNodeTable(input: {
  rows: number;
  columns: number;
  edges: number;
  seed: number;
  folder: string;
}): { nodesPath: string; edgesPath: string } {
  const tables = generateWideNodeTable(input);
  mkdirSync(input.folder, { recursive: true });
  const nodesPath = path.join(input.folder, "nodes.csv");
  const edgesPath = path.join(input.folder, "edges.csv");
  writeFileSync(nodesPath, tables.nodes);
  writeFileSync(edgesPath, tables.edges);
  return { nodesPath, edgesPath };
}

if (process.argv[1] && import.meta.filename === path.resolve(process.argv[1])) {
  const { values } = parseArgs({
    options: {
      rows: { type: "string", default: "3300" },
      columns: { type: "string", default: "3700" },
      edges: { type: "string", default: "4600" },
      seed: { type: "string", default: "1" },
      out: { type: "string" },
    },
  });
  const rows = Number(values.rows);
  const columns = Number(values.columns);
  const written = writeWideNodeTable({
    rows,
    columns,
    edges: Number(values.edges),
    seed: Number(values.seed),
    folder: values.out ?? defaultWideTableFolder({ rows, columns }),
  });
  console.log(`wrote ${written.nodesPath} and ${written.edgesPath}`);
}
