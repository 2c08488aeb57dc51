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
  if (!pool || control?.onProgress || arcCount(csr) < poolMinimumArcs) {
    return runKernelInline(kernel, { csr, options, control });
  }
  return pool.run(kernel, { csr, options, signal: control?.signal });
}
