import type { GraphData } from "../graph/graph-data";
import { type InferModelResult, inferModel } from "./infer-model";
import type { ModelFile } from "./model-file";
import { trainModel } from "./train-model";
import type {
  TrainingProgress,
  TrainingRequest,
  TrainModelInput,
  TrainModelResult,
} from "./training-types";
import { graphOfWorkerInput, type WorkerGraph } from "./worker-graph";

/** A training request as a worker receives it: the graph decoded, or its stored payload. */
export type WorkerTrainInput = TrainingRequest & WorkerGraph;

/** What the main thread asks a worker for (everything structured-cloneable). */
export type MlWorkerRequest =
  | { op: "train"; input: WorkerTrainInput }
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
  if (request.op === "train") return trainModel(trainInputOf({ input: request.input, onProgress }));
  return inferModel(request.input);
}

/** The trainModel input of a worker request, its graph decoded here if it came as a payload. */
export function trainInputOf(input: {
  input: WorkerTrainInput;
  onProgress?: (progress: TrainingProgress) => void;
  signal?: AbortSignal;
}): TrainModelInput {
  const { graph: _graph, graphPayload: _payload, ...rest } = input.input;
  return {
    ...rest,
    graph: graphOfWorkerInput(input.input),
    onProgress: input.onProgress,
    signal: input.signal,
  };
}
