/**
 * Tool-result fields that echo an argument or count the machinery, not a result about the data:
 * a figure in one of them proves nothing about an answer ("top 10" would otherwise prove every
 * answer of 10), and a change in one says nothing about the data.
 */
export const bookkeepingFields: ReadonlySet<string> = new Set([
  "revision",
  "version",
  "rank",
  "top_k",
  "limit",
  "depth",
  "seq",
  "duration_ms",
  "k",
  "offset",
  "progress_seq",
  "execution_generation",
  "generation",
  "construction_revision",
  "base_revision",
  "parent_revision",
  "batch_index",
  "turn_index",
  "pct",
  "timeout_ms",
  "elapsed_ms",
  "bytes",
]);
