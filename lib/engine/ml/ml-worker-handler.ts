import type { GraphData } from "../graph/graph-data";
import { type InferModelResult, inferModel } from "./infer-model";
import type { ModelFile } from "./model-file";
import { trainModel } from "./train-model";
import type { TrainingProgress, TrainModelInput, TrainModelResult } from "./training-types";

/** What the main thread asks a worker for (everything structured-cloneable). */
export type MlWorkerRequest =
  | { op: "train"; input: Omit<TrainModelInput, "onProgress" | "signal"> }
  | {
      op: "infer";
      input: {
        graph: GraphData;
        modelFile: ModelFile;
        nodeIds?: string[];
        pairs?: [string, string][];
      };
    };

/** The result a worker answers with, by operation. */
export type MlWorkerResult = TrainModelResult | InferModelResult;

/** Runs a worker request in the worker thread (cancellation is the parent terminating it). */
export async function handleMlWorkerRequest({
  request,
  onProgress,
}: {
  request: MlWorkerRequest;
  onProgress: (progress: TrainingProgress) => void;
}): Promise<MlWorkerResult> {
  if (request.op === "train") return trainModel({ ...request.input, onProgress });
  return inferModel(request.input);
}
