import "server-only";
import type { WorkControl } from "@/lib/engine/cancel-signal";
import type {
  ConstructGraphInput,
  ConstructionSummary,
} from "@/lib/engine/construction/construct-graph";
import type { CsrGraph } from "@/lib/engine/csr/csr-graph";
import type { GraphData } from "@/lib/engine/graph/graph-data";
import { constructGraphInPool } from "@/lib/engine/kernels/construct-graph-in-pool";
import { KernelPool } from "@/lib/engine/kernels/kernel-pool";
import type { KernelName, KernelOptions, KernelResult } from "@/lib/engine/kernels/kernel-table";
import { runKernel } from "@/lib/engine/kernels/run-kernel";
import { getEnv } from "@/lib/env";

// One pool per process, kept on globalThis so `next dev` reloading this module does not start
// a second set of threads; replaced when ENGINE_KERNEL_THREADS changes (tests).
const poolKey = Symbol.for("graph-workbench.engine-kernel-pool");
type Holder = { [poolKey]?: { threads: number; pool: KernelPool | null } };

/** The process's kernel pool, sized by ENGINE_KERNEL_THREADS; null when that is 0 (inline). */
export function engineKernelPool(): KernelPool | null {
  const threads = getEnv().ENGINE_KERNEL_THREADS;
  const holder = globalThis as Holder;
  const current = holder[poolKey];
  if (current && current.threads === threads) return current.pool;
  void current?.pool?.close();
  const pool = threads > 0 ? newPool(threads) : null;
  // Every thread starts loading the kernels now, at the first kernel call of any size, so the
  // first call on a large graph does not wait for it.
  pool?.warm();
  holder[poolKey] = { threads, pool };
  return pool;
}

/**
 * Runs an engine kernel for a tool: in the process's worker pool when the graph is large enough
 * to hold the serving thread noticeably, else inline; the result is the same either way.
 */
export function runEngineKernel<Name extends KernelName>(
  kernel: Name,
  input: { csr: CsrGraph; options: KernelOptions<Name>; control?: WorkControl },
): Promise<KernelResult<Name>> {
  return runKernel(kernel, { ...input, pool: engineKernelPool() });
}

/**
 * Builds a graph from an upload (constructGraph): a large CSV or TXT file is parsed in the
 * process's worker pool, so the serving thread stays free; the result is the same either way.
 */
export function constructGraphOffThread(
  construction: ConstructGraphInput,
): Promise<{ graph: GraphData; summary: ConstructionSummary }> {
  return constructGraphInPool({ construction, pool: engineKernelPool() });
}

function newPool(threads: number): KernelPool | null {
  try {
    return new KernelPool({ size: threads });
  } catch (error) {
    // Without its worker file (an unusual deployment) the engine still answers, inline.
    console.warn(`Kernel pool unavailable, kernels run inline: ${(error as Error).message}`);
    return null;
  }
}
