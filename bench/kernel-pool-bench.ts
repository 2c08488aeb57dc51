// `npx tsx bench/kernel-pool-bench.ts [--nodes 1000,5000,20000,100000] [--rounds 3]`: the same
// kernels inline and through the kernel pool (lib/engine/kernels), on seeded Barabási–Albert
// graphs (m = 10) of growing size, to place the size above which a kernel goes to the pool
// (poolMinimumArcs). Prints JSON: per graph and kernel, the fastest of `rounds` wall times
// inline and pooled, and their difference (the pool's cost per call).
import { parseArgs } from "node:util";
import { parseTextEdgeList } from "../lib/engine/construction/parse-text-edge-list";
import { buildCsr } from "../lib/engine/csr/build-csr";
import { KernelPool } from "../lib/engine/kernels/kernel-pool";
import {
  type KernelName,
  type KernelOptions,
  runKernelInline,
} from "../lib/engine/kernels/kernel-table";
import { arcCount } from "../lib/engine/kernels/run-kernel";
import { generateBarabasiAlbert } from "./generate-barabasi-albert";

const { values } = parseArgs({
  options: {
    nodes: { type: "string", default: "1000,5000,20000,100000" },
    rounds: { type: "string", default: "3" },
  },
});
const rounds = Number(values.rounds);

// Options as plain records: each list entry goes to its own kernel.
const kernels: [KernelName, Record<string, unknown>][] = [
  ["pageRank", {}],
  ["louvain", { seed: 1 }],
];

async function fastest(run: () => Promise<unknown>): Promise<number> {
  let best = Number.POSITIVE_INFINITY;
  for (let round = 0; round < rounds; round++) {
    const started = performance.now();
    await run();
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

async function main() {
  const pool = new KernelPool({ size: 1 });
  pool.warm();
  const rows: Record<string, unknown>[] = [];
  try {
    for (const nodes of values.nodes.split(",").map(Number)) {
      const text = generateBarabasiAlbert({ nodes, m: 10, seed: 1, weighted: false });
      const csr = buildCsr({ graph: parseTextEdgeList({ input: text, directed: false }) });
      for (const [kernel, entryOptions] of kernels) {
        const options = entryOptions as KernelOptions<KernelName>;
        // One untimed call each way first: the JIT warms up in both threads.
        await runKernelInline(kernel, { csr, options });
        await pool.run(kernel, { csr, options });
        const inline = await fastest(() => runKernelInline(kernel, { csr, options }));
        const pooled = await fastest(() => pool.run(kernel, { csr, options }));
        rows.push({
          nodes,
          arcs: arcCount(csr),
          kernel,
          inline_ms: Math.round(inline * 100) / 100,
          pool_ms: Math.round(pooled * 100) / 100,
          pool_cost_ms: Math.round((pooled - inline) * 100) / 100,
        });
      }
    }
  } finally {
    await pool.close();
  }
  console.log(JSON.stringify(rows, null, 2));
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
