// Client-safe: the Datasets page lists an edge table and the node table uploaded with it as one.

type Linkable = { dataset_id: string; nodes_dataset_id: string | null };

/**
 * The datasets to list as rows: every one except node tables uploaded with an edge table of the
 * list (they show inside that edge table's row), each edge table with its node table.
 */
export function withLinkedNodeTables<Dataset extends Linkable>(
  datasets: Dataset[],
): { dataset: Dataset; nodeTable: Dataset | null }[] {
  const byId = new Map(datasets.map((dataset) => [dataset.dataset_id, dataset]));
  const linked = new Set(
    datasets.flatMap((dataset) =>
      dataset.nodes_dataset_id && dataset.nodes_dataset_id !== dataset.dataset_id
        ? [dataset.nodes_dataset_id]
        : [],
    ),
  );
  return datasets
    .filter((dataset) => !linked.has(dataset.dataset_id))
    .map((dataset) => ({
      dataset,
      nodeTable: dataset.nodes_dataset_id ? (byId.get(dataset.nodes_dataset_id) ?? null) : null,
    }));
}
