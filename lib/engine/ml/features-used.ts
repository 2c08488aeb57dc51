import type { FeatureSchema, StructuralFeature } from "./feature-schema";
import { nodeIdentityColumn } from "./feature-schema";
import type { FeatureBasis } from "./node-classification-defaults";

/** At most this many property names are recorded (Cora has 1,433); the count says the rest. */
const maxNamedProperties = 20;

/** Which inputs a model read and why: recorded in the protocol beside every metric. */
export type FeaturesUsed = {
  basis: FeatureBasis;
  /** Node properties read, the first 20 by name; `propertyCount` counts them all. */
  properties: string[];
  propertyCount: number;
  structural: StructuralFeature[];
  /** The one-hot of the node id (transductive: learnt per node of this graph). */
  nodeIdentity: boolean;
  /** Matrix columns of the input. */
  width: number;
};

/** The features a schema holds, with the reason they were chosen. */
export function describeFeaturesUsed(input: {
  schema: FeatureSchema;
  basis: FeatureBasis;
}): FeaturesUsed {
  const properties: string[] = [];
  const structural: StructuralFeature[] = [];
  let nodeIdentity = false;
  for (const column of input.schema.columns) {
    if (column.kind === "structural") structural.push(column.name);
    else if (column.name === nodeIdentityColumn) nodeIdentity = true;
    else properties.push(column.name);
  }
  return {
    basis: input.basis,
    properties: properties.slice(0, maxNamedProperties),
    propertyCount: properties.length,
    structural,
    nodeIdentity,
    width: input.schema.width,
  };
}
