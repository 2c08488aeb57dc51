import type { GraphData } from "../graph/graph-data";
import { deriveFeatureSchema, type FeatureSelection } from "./derive-feature-schema";
import type { EdgePairs } from "./edge-pairs";
import { assertFeatureSchemaCompatible, buildFeatureMatrix } from "./feature-matrix";
import type { FeatureSchema, StructuralFeature } from "./feature-schema";
import type { Propagation } from "./graph-layer";
import { type NetworkKind, propagationKindsOf } from "./network";
import { csrFromPairs } from "./pairs-csr";
import {
  closedMeanAggregationMatrix,
  gcnNormalisedAdjacency,
  meanAggregationMatrix,
} from "./propagation-matrices";
import type { SparseMatrix } from "./sparse-matrix";
import { computeStructuralFeatures } from "./structural-features";

/** Everything a forward pass reads from a graph. */
export type GraphInputs = {
  features: SparseMatrix;
  schema: FeatureSchema;
  propagation: Propagation;
};

/**
 * Features and propagation matrices of a graph over the given message-passing pairs. With a
 * `schema` (inference) the graph must fit it and is encoded with the saved standardisation;
 * without one (training) the schema is derived from `selection`.
 */
export async function prepareGraphInputs(input: {
  graph: GraphData;
  pairs: EdgePairs;
  kind: NetworkKind;
  selection?: FeatureSelection;
  schema?: FeatureSchema;
  excluded?: string[];
  /** Overrides the schema's rule for wide 0/1 columns (training only; see deriveFeatureSchema). */
  binaryNormalisation?: FeatureSchema["binaryNormalisation"];
  signal?: AbortSignal;
}): Promise<GraphInputs> {
  if (input.schema) assertFeatureSchemaCompatible({ graph: input.graph, schema: input.schema });
  const structural: StructuralFeature[] = input.schema
    ? input.schema.columns.flatMap((column) => (column.kind === "structural" ? [column.name] : []))
    : (input.selection?.structural ?? []);
  const structuralValues = await computeStructuralFeatures({
    csr: csrFromPairs({ pairs: input.pairs }),
    features: structural,
    control: { signal: input.signal },
  });
  const schema =
    input.schema ??
    deriveFeatureSchema({
      graph: input.graph,
      selection: input.selection ?? {},
      excluded: input.excluded ?? [],
      structuralValues,
      binaryNormalisation: input.binaryNormalisation,
    });
  const features = buildFeatureMatrix({ graph: input.graph, schema, structuralValues });
  const kinds = propagationKindsOf({ kind: input.kind });
  const propagation: Propagation = {
    gcn: kinds.includes("gcn") ? gcnNormalisedAdjacency({ pairs: input.pairs }) : null,
    mean: kinds.includes("mean") ? meanAggregationMatrix({ pairs: input.pairs }) : null,
    closedMean: kinds.includes("closedMean")
      ? closedMeanAggregationMatrix({ pairs: input.pairs })
      : null,
  };
  return { features, schema, propagation };
}
