import type { Construction } from "@/lib/contracts/construction";
import type { GraphLayoutDocument } from "@/lib/contracts/graph-layout-document";

function formatCount(value: number): string {
  return value.toLocaleString("en");
}

function TypeCounts({
  counts,
  testId,
  emptyText,
}: {
  counts: Record<string, number> | null | undefined;
  testId: string;
  emptyText: string;
}) {
  const entries = Object.entries(counts ?? {}).sort((left, right) => right[1] - left[1]);
  if (entries.length === 0) {
    return (
      <p className="text-slate-600" data-testid={testId}>
        {emptyText}
      </p>
    );
  }
  return (
    <ul className="flex flex-wrap gap-1.5" data-testid={testId}>
      {entries.map(([name, count]) => (
        <li
          key={name}
          data-type-name={name}
          data-count={count}
          className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-800"
        >
          <span className="font-mono">{name}</span>{" "}
          <span className="tabular-nums text-slate-600">{formatCount(count)}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * What the chosen revision contains: counts from its construction record (the whole graph),
 * and how much of it the drawing shows.
 */
export function GraphInfoPanel({
  construction,
  document,
}: {
  construction: Construction | undefined;
  document: GraphLayoutDocument | undefined;
}) {
  const nodeCount = construction?.node_count ?? document?.graphNodeCount;
  const edgeCount = construction?.edge_count ?? document?.graphEdgeCount;
  const revision = construction?.revision ?? document?.revision;
  return (
    <section
      aria-labelledby="graph-info-heading"
      data-testid="graph-info"
      className="rounded-lg border border-slate-200 bg-white p-4 text-sm"
    >
      <h2 id="graph-info-heading" className="mb-3 font-semibold text-slate-900">
        Graph information
      </h2>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-4">
        <div>
          <dt className="text-xs text-slate-600">Nodes</dt>
          <dd
            className="text-lg font-semibold tabular-nums"
            data-testid="graph-node-count"
            data-count={nodeCount}
          >
            {nodeCount !== undefined ? formatCount(nodeCount) : "…"}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-600">Edges</dt>
          <dd
            className="text-lg font-semibold tabular-nums"
            data-testid="graph-edge-count"
            data-count={edgeCount}
          >
            {edgeCount !== undefined ? formatCount(edgeCount) : "…"}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-600">Edges are</dt>
          <dd className="font-medium" data-testid="graph-directed">
            {construction ? (construction.directed ? "Directed" : "Undirected") : "…"}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-600">Revision</dt>
          <dd className="font-medium tabular-nums" data-testid="graph-revision">
            {revision ?? "…"}
          </dd>
        </div>
        <div className="col-span-2">
          <dt className="mb-1 text-xs text-slate-600">Node types</dt>
          <dd>
            <TypeCounts
              counts={construction?.node_types}
              testId="graph-node-types"
              emptyText="No node types recorded."
            />
          </dd>
        </div>
        <div className="col-span-2">
          <dt className="mb-1 text-xs text-slate-600">Edge types</dt>
          <dd>
            <TypeCounts
              counts={construction?.edge_types}
              testId="graph-edge-types"
              emptyText="No edge types recorded."
            />
          </dd>
        </div>
      </dl>
      {document ? (
        <p
          className={`mt-3 text-xs ${document.truncated ? "text-amber-900" : "text-slate-600"}`}
          data-testid="graph-shown-count"
          data-truncated={document.truncated}
          data-shown={document.nodes.length}
        >
          {document.truncated
            ? `Showing ${formatCount(document.nodes.length)} of ${formatCount(document.graphNodeCount)} nodes (the best-connected ones) and ${formatCount(document.edges.length)} of ${formatCount(document.graphEdgeCount)} edges.`
            : `Showing all ${formatCount(document.nodes.length)} nodes and ${formatCount(document.edges.length)} edges.`}
        </p>
      ) : null}
    </section>
  );
}
