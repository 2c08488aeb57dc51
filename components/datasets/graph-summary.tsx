import type { Construction } from "@/lib/contracts/construction";

const chipClass = "rounded bg-slate-100 px-1.5 py-0.5 text-slate-700";

/**
 * What the current revision is, in plain sight: node and edge counts, direction, whether edges
 * carry weights and from which column, and the node table it read.
 */
export function GraphSummary({
  construction,
  nodeTableName,
}: {
  construction: Construction;
  nodeTableName: string | null;
}) {
  const weights =
    construction.weighted === null
      ? null
      : construction.weighted
        ? `weighted by ${construction.weight_column ?? "weight"}`
        : "unweighted";
  return (
    <ul
      className="flex flex-wrap gap-1 text-xs"
      aria-label={`Current graph of revision ${construction.revision}`}
      data-testid="graph-summary"
      data-directed={construction.directed}
      data-weighted={construction.weighted ?? "unknown"}
      data-weight-column={construction.weight_column ?? ""}
    >
      <li className={`${chipClass} tabular-nums`} data-testid="graph-node-count">
        {construction.node_count.toLocaleString("en")} nodes
      </li>
      <li className={`${chipClass} tabular-nums`} data-testid="graph-edge-count">
        {construction.edge_count.toLocaleString("en")} edges
      </li>
      <li className={chipClass} data-testid="graph-direction">
        {construction.directed ? "directed" : "undirected"}
      </li>
      {weights ? (
        <li className={chipClass} data-testid="graph-weights">
          {weights}
        </li>
      ) : null}
      {nodeTableName ? (
        <li className={chipClass} data-testid="graph-node-table">
          node table {nodeTableName}
        </li>
      ) : null}
    </ul>
  );
}
