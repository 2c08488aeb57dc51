/** What the scope rule reads of a dataset of the session's project (the `toDatasetJson` shape). */
export type ScopeCandidate = {
  dataset_id: string;
  /** The newest ready construction revision; null when the dataset was never built successfully. */
  construction_revision: number | null;
  /** The node table uploaded with this edge table, if any. */
  nodes_dataset_id: string | null;
};

/**
 * The datasets one run may touch (SS-4): this message's attachments plus the project's
 * constructed datasets (a successful construction exists). An attached edge table brings the
 * node table uploaded with it, because its construction reads that table by default. Anything
 * else of the project — uploaded but never built, and not attached — is out of scope, so a
 * model cannot reach it by guessing or remembering an id. Attachments that are not datasets of
 * the project are never in scope (never across projects).
 */
export function decideDatasetScope(input: {
  datasets: ScopeCandidate[];
  attachments: readonly string[];
}): Set<string> {
  const byId = new Map(input.datasets.map((dataset) => [dataset.dataset_id, dataset]));
  const scope = new Set<string>();
  for (const id of input.attachments) {
    const attached = byId.get(id);
    if (!attached) continue;
    scope.add(id);
    if (attached.nodes_dataset_id && byId.has(attached.nodes_dataset_id)) {
      scope.add(attached.nodes_dataset_id);
    }
  }
  for (const dataset of input.datasets) {
    if (dataset.construction_revision !== null) scope.add(dataset.dataset_id);
  }
  return scope;
}
