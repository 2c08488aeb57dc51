import type { Construction } from "@/lib/contracts/construction";

// Whether a build read edge weights, and from which column, is kept inside the schemaSummary
// JSON column (no migration for two fields); the API shows it as `weighted` / `weight_column`.
const edgeWeightsKey = "edge_weights";

/** The schemaSummary to store for a build: the SQL summary if any, plus its edge weights. */
export function storedSchemaSummary(summary: {
  schemaSummary?: object;
  weighted: boolean;
  weightColumn: string | null;
}): object {
  return {
    ...(summary.schemaSummary ?? {}),
    [edgeWeightsKey]: { weighted: summary.weighted, column: summary.weightColumn },
  };
}

/** Edge-weight facts and the rest of a stored schemaSummary (null = recorded before them). */
function splitSchemaSummary(stored: unknown): {
  weights: { weighted: boolean; column: string | null } | null;
  schemaSummary: unknown;
} {
  if (typeof stored !== "object" || stored === null || !(edgeWeightsKey in stored)) {
    return { weights: null, schemaSummary: stored ?? null };
  }
  const { [edgeWeightsKey]: weights, ...rest } = stored as Record<string, unknown>;
  const record = (weights ?? {}) as { weighted?: unknown; column?: unknown };
  return {
    weights: {
      weighted: record.weighted === true,
      column: typeof record.column === "string" ? record.column : null,
    },
    schemaSummary: Object.keys(rest).length > 0 ? rest : null,
  };
}

/** The API shape of one construction revision (no payload). */
export function toConstructionJson(construction: {
  id: string;
  datasetId: string;
  revision: number;
  parentRevision: number | null;
  /** The edits an optimisation saved (AP-5); null for a build from the upload. */
  operations?: unknown;
  /** The options the build was asked with (the node table resolved). */
  options?: unknown;
  status: Construction["status"];
  directed: boolean;
  nodeCount: number;
  edgeCount: number;
  nodeTypes: unknown;
  edgeTypes: unknown;
  schemaSummary: unknown;
  errorCode: string | null;
  errorMessage: string | null;
  errorLine: number | null;
  errorColumn: number | null;
  createdAt: Date;
  finishedAt: Date | null;
}): Construction {
  const { weights, schemaSummary } = splitSchemaSummary(construction.schemaSummary);
  return {
    construction_id: construction.id,
    dataset_id: construction.datasetId,
    revision: construction.revision,
    parent_revision: construction.parentRevision,
    // As they ran: after an approval with modified arguments, the reviewer's, not the proposal.
    operations: Array.isArray(construction.operations) ? construction.operations : null,
    status: construction.status,
    directed: construction.directed,
    nodes_dataset_id: recordedNodeTable(construction.options),
    node_count: construction.nodeCount,
    edge_count: construction.edgeCount,
    // Stored as the build counted them: type name → count.
    node_types: construction.nodeTypes as Construction["node_types"],
    edge_types: construction.edgeTypes as Construction["edge_types"],
    // null: not recorded (a revision built before weights were, or derived by an optimisation).
    weighted: weights?.weighted ?? null,
    weight_column: weights?.column ?? null,
    schema_summary: schemaSummary,
    error:
      construction.status === "failed"
        ? {
            code: construction.errorCode,
            message: construction.errorMessage,
            line: construction.errorLine ?? undefined,
            column: construction.errorColumn ?? undefined,
          }
        : null,
    created_at: construction.createdAt.toISOString(),
    finished_at: construction.finishedAt?.toISOString() ?? null,
  };
}

/** The node table a build recorded using; null for none or a revision that did not record it. */
function recordedNodeTable(options: unknown): string | null {
  if (typeof options !== "object" || options === null) return null;
  const value = (options as Record<string, unknown>).nodes_dataset_id;
  return typeof value === "string" ? value : null;
}
