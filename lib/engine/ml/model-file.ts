import { createHash } from "node:crypto";
import { withMetricNamesPerPart } from "@/lib/contracts/metric-names";
import type { FeatureSchema } from "./feature-schema";
import { mlInputError } from "./ml-error";
import type { NetworkKind } from "./network";
import type { Parameter } from "./parameter";
import type {
  EvaluationProtocol,
  Hyperparameters,
  MlTask,
  TrainingMetrics,
} from "./training-types";

/** One saved tensor: little-endian float32 values, base64 (a third of JSON number text). */
export type SavedTensor = { name: string; rows: number; cols: number; data: string };

/**
 * A trained model as saved under DATA_DIR/models/: weights, the configuration to rebuild the
 * network, the feature schema to encode (or refuse) a graph, and what it scored. `checksum`
 * is the sha256 of the file's JSON without the checksum field.
 */
export type ModelFile = {
  format: "graph-workbench/ml-model";
  version: 1;
  task: MlTask;
  model: NetworkKind;
  /** Layer sizes input → … → output. */
  sizes: number[];
  hyperparameters: Hyperparameters;
  labelProperty: string | null;
  /** Class names in output order (node classification). */
  classes: string[] | null;
  featureSchema: FeatureSchema;
  weights: SavedTensor[];
  metrics: TrainingMetrics;
  protocol: EvaluationProtocol;
  trainedOn: { nodeCount: number; messagePassingEdges: number };
  checksum: string;
};

/** Saves parameter values as base64 tensors. */
export function encodeWeights({ parameters }: { parameters: Parameter[] }): SavedTensor[] {
  return parameters.map((p) => ({
    name: p.name,
    rows: p.rows,
    cols: p.cols,
    data: Buffer.from(p.value.buffer, p.value.byteOffset, p.value.byteLength).toString("base64"),
  }));
}

/** Loads saved tensors into a freshly built network's parameters (names and shapes must agree). */
export function decodeWeightsInto({
  weights,
  parameters,
}: {
  weights: SavedTensor[];
  parameters: Parameter[];
}): void {
  if (weights.length !== parameters.length) throw invalidFile("the number of tensors differs");
  parameters.forEach((p, i) => {
    const saved = weights[i];
    if (saved.name !== p.name || saved.rows !== p.rows || saved.cols !== p.cols) {
      throw invalidFile(
        `tensor ${i} is ${saved.name} ${saved.rows}×${saved.cols}, expected ${p.name} ${p.rows}×${p.cols}`,
      );
    }
    const bytes = Buffer.from(saved.data, "base64");
    if (bytes.byteLength !== p.value.byteLength) throw invalidFile(`tensor ${p.name} is truncated`);
    p.value.set(
      new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)),
    );
  });
}

/** sha256 (hex) of a model file's content, the checksum field left out. */
export function modelFileChecksum({
  file,
}: {
  file: Omit<ModelFile, "checksum"> & { checksum?: string };
}) {
  const { checksum: _ignored, ...content } = file;
  return createHash("sha256").update(JSON.stringify(content)).digest("hex");
}

/** The model file as JSON text, for writing to disk. */
export function serialiseModelFile({ file }: { file: ModelFile }): string {
  return JSON.stringify(file);
}

/** Parses a model file and verifies its format and checksum (INVALID_MODEL_FILE otherwise). */
export function parseModelFile({ text }: { text: string }): ModelFile {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw invalidFile("it is not JSON");
  }
  return assertModelFile({ file: parsed });
}

/** Checks an already parsed model file object. */
export function assertModelFile({ file }: { file: unknown }): ModelFile {
  const candidate = file as ModelFile;
  if (candidate?.format !== "graph-workbench/ml-model" || candidate.version !== 1) {
    throw invalidFile("unknown format or version");
  }
  if (modelFileChecksum({ file: candidate }) !== candidate.checksum) {
    throw invalidFile("the checksum does not match its content");
  }
  // The checksum covers the file as written; a file from before the snake_case metric names
  // (macroF1, rocAuc, averagePrecision) reads under the new ones.
  const metrics = withMetricNamesPerPart(candidate.metrics);
  return metrics === candidate.metrics ? candidate : { ...candidate, metrics };
}

function invalidFile(why: string) {
  return mlInputError({
    reason: "INVALID_MODEL_FILE",
    message: `The model file is unusable: ${why}.`,
  });
}
