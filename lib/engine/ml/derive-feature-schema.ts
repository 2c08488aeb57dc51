import type { GraphData } from "../graph/graph-data";
import {
  type FeatureColumn,
  type FeatureSchema,
  nodeIdentityColumn,
  type StructuralFeature,
} from "./feature-schema";
import { mlInputError } from "./ml-error";
import { type PropertyProfile, profileNodeProperties } from "./property-columns";
import { standardisation } from "./standardisation";
import type { StructuralValues } from "./structural-features";

/** Which node properties become features. */
export type FeatureSelection = {
  /** "all" (default): every usable property but the label and split ones; [] = none. */
  properties?: "all" | string[];
  structural?: StructuralFeature[];
  /**
   * One-hot of the node id (Kipf's featureless karate setting): lets a GCN learn per-node
   * embeddings when properties say nothing. Transductive only — on another graph unknown ids
   * encode as zeros.
   */
  nodeIdentity?: boolean;
  /** Text columns with more distinct values than this are identifiers, not categories. */
  maxCategories?: number;
};

/** From this many 0/1 columns on they are a bag of words and rows are normalised. */
const wideBinaryColumns = 16;

/**
 * The feature schema of a graph: each chosen property's kind (numeric / categorical / binary)
 * from its values, standardisation from its mean and std, then the structural features.
 */
export function deriveFeatureSchema(input: {
  graph: GraphData;
  selection: FeatureSelection;
  excluded: string[];
  structuralValues: StructuralValues;
  /**
   * How wide 0/1 columns are encoded, when the model says: the graph auto-encoders read a bag
   * of words as 0/1 (Kipf & Welling's code), because divided by the row's count their latent
   * means start ~20× smaller than VGAE's unit sampling noise and train far slower.
   */
  binaryNormalisation?: FeatureSchema["binaryNormalisation"];
}): FeatureSchema {
  const maxCategories = input.selection.maxCategories ?? 32;
  const profiles = profileNodeProperties({ graph: input.graph, distinctLimit: maxCategories });
  const wanted = input.selection.properties ?? "all";
  if (wanted !== "all") {
    const missing = wanted.filter((name) => !profiles.has(name));
    if (missing.length > 0) {
      throw mlInputError({
        reason: "FEATURE_PROPERTY_MISSING",
        message: `No node has the feature properties ${missing.join(", ")}.`,
        details: { missing, available: [...profiles.keys()].slice(0, 50) },
      });
    }
  }
  const columns: FeatureColumn[] = [];
  const skipped: FeatureSchema["skipped"] = [];
  const names = wanted === "all" ? [...profiles.keys()] : wanted;
  for (const name of names) {
    if (input.excluded.includes(name)) {
      skipped.push({ name, reason: "label or split property" });
      continue;
    }
    const column = columnFor(profiles.get(name) as PropertyProfile, maxCategories);
    if ("reason" in column) skipped.push({ name, reason: column.reason });
    else columns.push(column);
  }
  for (const name of input.selection.structural ?? []) {
    const values = input.structuralValues[name] as Float64Array;
    columns.push({ kind: "structural", name, ...standardisation({ values }) });
  }
  if (input.selection.nodeIdentity) {
    columns.push({
      kind: "categorical",
      name: nodeIdentityColumn,
      categories: [...input.graph.nodeIds],
    });
  }
  if (columns.length === 0) {
    throw mlInputError({
      reason: "NO_FEATURES",
      message: "No usable feature: choose node properties or structural features.",
      details: { skipped },
    });
  }
  const binary = columns.filter((column) => column.kind === "binary").length;
  const width = columns.reduce(
    (sum, column) => sum + (column.kind === "categorical" ? column.categories.length : 1),
    0,
  );
  const binaryNormalisation =
    input.binaryNormalisation ?? (binary >= wideBinaryColumns ? "row" : "none");
  return { version: 1, columns, binaryNormalisation, width, skipped };
}

/**
 * The node properties that would become feature columns under `properties: "all"` (the label
 * and split ones excluded): empty when the graph's properties say nothing a model can read.
 */
export function usableFeatureProperties(input: {
  graph: GraphData;
  excluded: string[];
  maxCategories?: number;
}): string[] {
  const maxCategories = input.maxCategories ?? 32;
  const profiles = profileNodeProperties({ graph: input.graph, distinctLimit: maxCategories });
  return [...profiles.values()]
    .filter((profile) => !input.excluded.includes(profile.name))
    .filter((profile) => !("reason" in columnFor(profile, maxCategories)))
    .map((profile) => profile.name);
}

function columnFor(
  profile: PropertyProfile,
  maxCategories: number,
): FeatureColumn | { reason: string } {
  if (profile.strings === 0 && (profile.booleans > 0 || profile.zeroOne)) {
    return { kind: "binary", name: profile.name } satisfies FeatureColumn;
  }
  if (profile.strings === 0) {
    const mean = profile.sum / profile.numbers;
    const variance = Math.max(0, profile.sumOfSquares / profile.numbers - mean * mean);
    const std = variance > 0 ? Math.sqrt(variance) : 1;
    return { kind: "numeric", name: profile.name, mean, std } satisfies FeatureColumn;
  }
  if (profile.distinct.size > maxCategories) {
    return { reason: `more than ${maxCategories} distinct text values` };
  }
  const categories = [...profile.distinct].sort();
  return { kind: "categorical", name: profile.name, categories } satisfies FeatureColumn;
}
