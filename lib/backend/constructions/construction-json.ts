/** The API shape of one construction revision (no payload). */
export function toConstructionJson(construction: {
  id: string;
  datasetId: string;
  revision: number;
  parentRevision: number | null;
  status: string;
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
}) {
  return {
    construction_id: construction.id,
    dataset_id: construction.datasetId,
    revision: construction.revision,
    parent_revision: construction.parentRevision,
    status: construction.status,
    directed: construction.directed,
    node_count: construction.nodeCount,
    edge_count: construction.edgeCount,
    node_types: construction.nodeTypes,
    edge_types: construction.edgeTypes,
    schema_summary: construction.schemaSummary ?? null,
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
