/** Structural features computed from the message-passing graph. */
export type StructuralFeature = "degree" | "pagerank" | "clustering";

/** One input column of a model and how its values become numbers. */
export type FeatureColumn =
  /** A numeric property, standardised with the training graph's mean and std. */
  | { kind: "numeric"; name: string; mean: number; std: number }
  /** A text (or mixed) property as one-hot; a value outside `categories` encodes as zeros. */
  | { kind: "categorical"; name: string; categories: string[] }
  /** A 0/1 (or boolean) property; see FeatureSchema.binaryNormalisation. */
  | { kind: "binary"; name: string }
  /** A structural feature, standardised like a numeric one. */
  | { kind: "structural"; name: StructuralFeature; mean: number; std: number };

/**
 * What a model's input columns are. Saved with the model so inference can rebuild exactly the
 * same matrix on another graph (or refuse it). `width` is the number of matrix columns.
 */
export type FeatureSchema = {
  version: 1;
  columns: FeatureColumn[];
  /**
   * "row": the 0/1 columns of a node are divided by how many are set (bag-of-words rows, as
   * the GCN paper's preprocessing of Cora); "none": kept as 0/1 (a handful of flags).
   */
  binaryNormalisation: "row" | "none";
  width: number;
  /** Properties seen but not used, and why (identifiers, free text, the label itself). */
  skipped: { name: string; reason: string }[];
};

/** Matrix columns taken by a feature column. */
export function columnWidth({ column }: { column: FeatureColumn }): number {
  return column.kind === "categorical" ? column.categories.length : 1;
}

/** The pseudo-property of the node-identity one-hot (no real property starts with "@"). */
export const nodeIdentityColumn = "@id";
