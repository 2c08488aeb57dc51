// Writes the inputs of the graph-file benchmarks (bench/README.md, "Graph file and SQLite
// readers"): one seeded random graph as GraphML and as a CSV edge list (node labels, edge weight
// and type), a gzip of the GraphML, and optionally a CSV edge list whose gzip reaches a given
// compressed size (random ids and weights compress about 3:1, so a 95 MiB .csv.gz holds ~300 MiB
// of text). Everything goes under the git-ignored .data/bench/.
//
//   node bench/generate-graph-files.mjs [--nodes 200000] [--edges 1000000]
//   node bench/generate-graph-files.mjs --gzip-mib 95          (only the large .csv.gz)
import { createWriteStream, mkdirSync } from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { parseArgs } from "node:util";
import { createGzip } from "node:zlib";

const { values } = parseArgs({
  options: {
    nodes: { type: "string", default: "200000" },
    edges: { type: "string", default: "1000000" },
    "gzip-mib": { type: "string" },
    out: { type: "string", default: path.join(".data", "bench") },
  },
});
const nodes = Number(values.nodes);
const edges = Number(values.edges);
mkdirSync(values.out, { recursive: true });

/** A small seeded generator (mulberry32): the same files on every run. */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Yields text in ~1 MiB pieces so nothing large is held in memory. */
async function* pieces(lines) {
  let buffer = "";
  for (const line of lines) {
    buffer += line;
    if (buffer.length > 1 << 20) {
      yield buffer;
      buffer = "";
    }
  }
  if (buffer) yield buffer;
}

function* edgeList(next, count) {
  for (let index = 0; index < count; index++) {
    const source = Math.floor(next() * nodes);
    let target = Math.floor(next() * nodes);
    if (target === source) target = (target + 1) % nodes;
    yield [source, target, (1 + next() * 9).toFixed(3), index % 3 === 0 ? "pays" : "owns"];
  }
}

function* graphmlLines() {
  yield '<?xml version="1.0" encoding="UTF-8"?>\n<graphml xmlns="http://graphml.graphdrawing.org/xmlns">\n';
  yield '  <key id="label" for="node" attr.name="label" attr.type="string"/>\n';
  yield '  <key id="weight" for="edge" attr.name="weight" attr.type="double"/>\n';
  yield '  <key id="type" for="edge" attr.name="type" attr.type="string"/>\n';
  yield '  <graph edgedefault="directed">\n';
  for (let node = 0; node < nodes; node++) {
    yield `    <node id="n${node}"><data key="label">Node ${node}</data></node>\n`;
  }
  for (const [source, target, weight, type] of edgeList(random(1), edges)) {
    yield `    <edge source="n${source}" target="n${target}"><data key="weight">${weight}</data><data key="type">${type}</data></edge>\n`;
  }
  yield "  </graph>\n</graphml>\n";
}

function* csvLines(count) {
  yield "source,target,weight,type\n";
  for (const [source, target, weight, type] of edgeList(random(1), count)) {
    yield `n${source},n${target},${weight},${type}\n`;
  }
}

if (values["gzip-mib"]) {
  // Random edges compress about 3.2:1; aim a little over and report what came out.
  const targetBytes = Number(values["gzip-mib"]) * 1024 * 1024;
  const file = path.join(values.out, `edges-${values["gzip-mib"]}mib.csv.gz`);
  const lines = Math.round(targetBytes / 9.8);
  await pipeline(pieces(csvLines(lines)), createGzip({ level: 6 }), createWriteStream(file));
  console.log(file);
} else {
  const base = path.join(values.out, `graph-${nodes}-${edges}`);
  await pipeline(pieces(graphmlLines()), createWriteStream(`${base}.graphml`));
  await pipeline(pieces(graphmlLines()), createGzip(), createWriteStream(`${base}.graphml.gz`));
  await pipeline(pieces(csvLines(edges)), createWriteStream(`${base}.csv`));
  console.log(`${base}.graphml\n${base}.graphml.gz\n${base}.csv`);
}
