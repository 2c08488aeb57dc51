import type { WorkControl } from "../cancel-signal";
import type { CsrGraph } from "../csr/csr-graph";
import type { KernelPool } from "./kernel-pool";
import {
  type KernelName,
  type KernelOptions,
  type KernelResult,
  runKernelInline,
} from "./kernel-table";

/**
 * Below this many adjacency entries (arcs, both directions counted) a kernel runs inline: a
 * call through the pool costs about a millisecond (a message each way, the result copied back),
 * which is more than the whole kernel on such graphs and well under a 20 ms pacing slice, so
 * the serving thread loses nothing to it. Measured crossover: see bench/kernel-pool-bench.ts.
 */
export const poolMinimumArcs = 50_000;

/**
 * A layout's cost follows its node count, not its arcs (a force layout repels every node from
 * every other through a Barnes–Hut tree, 60–300 rounds): on the 1M-edge benchmark graph's
 * best-connected nodes, 100 nodes (1,700 arcs) took 19 ms, 500 nodes (9,200 arcs) 100 ms, all
 * held on the calling thread. From this many nodes a layout goes to the pool.
 */
export const poolMinimumLayoutNodes = 100;

/** Whether a kernel on this snapshot costs more than a call to the pool does. */
export function worthPooling(kernel: KernelName, csr: CsrGraph): boolean {
  if (kernel === "layoutPositions") return csr.nodeCount >= poolMinimumLayoutNodes;
  return arcCount(csr) >= poolMinimumArcs;
}

/** Adjacency entries of a snapshot (what a kernel's work grows with). */
export function arcCount(csr: CsrGraph): number {
  return (
    csr.outgoing.neighbours.length +
    (csr.incoming === csr.outgoing ? 0 : csr.incoming.neighbours.length)
  );
}

/**
 * Runs a kernel in the pool when there is one and the snapshot is large enough to be worth it,
 * else on this thread; either way the same result, and a cancel ends it with JOB_CANCELLED.
 * A call that wants progress stays inline: progress is reported on the caller's thread.
 */
export function runKernel<Name extends KernelName>(
  kernel: Name,
  input: {
    csr: CsrGraph;
    options: KernelOptions<Name>;
    control?: WorkControl;
    pool: KernelPool | null;
  },
): Promise<KernelResult<Name>> {
  const { csr, options, control, pool } = input;
  if (!pool || control?.onProgress || !worthPooling(kernel, csr)) {
    return runKernelInline(kernel, { csr, options, control });
  }
  return pool.run(kernel, { csr, options, signal: control?.signal });
}
