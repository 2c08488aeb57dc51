import { betweennessCentrality } from "../algorithms/betweenness";
import { closenessCentrality } from "../algorithms/closeness";
import { eigenvectorCentrality } from "../algorithms/eigenvector";
import { harmonicCentrality } from "../algorithms/harmonic";
import { hits } from "../algorithms/hits";
import { katzCentrality } from "../algorithms/katz";
import { labelPropagation } from "../algorithms/label-propagation";
import { leiden } from "../algorithms/leiden";
import { louvain } from "../algorithms/louvain";
import { pageRank } from "../algorithms/pagerank";
import type { WorkControl } from "../cancel-signal";
import type { CsrGraph } from "../csr/csr-graph";

/**
 * The kernels that can run in a worker thread, by name. Each takes the snapshot, plain
 * structured-cloneable options and a WorkControl, and answers plain data (typed arrays,
 * numbers), so a worker's answer is the very result the inline call gives.
 */
export const kernelTable = {
  louvain,
  leiden,
  labelPropagation,
  pageRank,
  betweennessCentrality,
  closenessCentrality,
  harmonicCentrality,
  eigenvectorCentrality,
  katzCentrality,
  hits,
} satisfies Record<string, (input: { csr: CsrGraph; control?: WorkControl }) => Promise<unknown>>;

export type KernelName = keyof typeof kernelTable;

/** A kernel's options besides the snapshot and the control. */
export type KernelOptions<Name extends KernelName> = Omit<
  Parameters<(typeof kernelTable)[Name]>[0],
  "csr" | "control"
>;

export type KernelResult<Name extends KernelName> = Awaited<ReturnType<(typeof kernelTable)[Name]>>;

export function isKernelName(name: string): name is KernelName {
  return Object.hasOwn(kernelTable, name);
}

/** Runs a kernel on this thread. */
export function runKernelInline<Name extends KernelName>(
  name: Name,
  input: { csr: CsrGraph; options: KernelOptions<Name>; control?: WorkControl },
): Promise<KernelResult<Name>> {
  const kernel = kernelTable[name] as unknown as (input: {
    csr: CsrGraph;
    control?: WorkControl;
  }) => Promise<KernelResult<Name>>;
  return kernel({ ...input.options, csr: input.csr, control: input.control });
}
