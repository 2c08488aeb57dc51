import "server-only";
import type { InferModelResult } from "@/lib/engine/ml/infer-model";
import { inferModel } from "@/lib/engine/ml/infer-model";
import type { MlWorkerRequest } from "@/lib/engine/ml/ml-worker-handler";
import { runMlInWorker } from "@/lib/engine/ml/run-ml-in-worker";
import { trainModel } from "@/lib/engine/ml/train-model";
import type { TrainingProgress, TrainModelResult } from "@/lib/engine/ml/training-types";

type Common = { onProgress?: (progress: TrainingProgress) => void; signal: AbortSignal };

/**
 * Where the kernels run. The worker thread loads the TS kernels from disk through tsx
 * (lib/engine/ml/ml-worker.mjs); inside a Next bundle (`next start`'s in-app job worker,
 * NEXT_RUNTIME set) the worker file and sources are not beside the bundle, so there the job
 * runs in the serving process instead: the kernels check the signal and yield between epochs.
 * `npm run worker` (tsx) and the tests always use the worker thread.
 */
function inWorker(): boolean {
  return !process.env.NEXT_RUNTIME;
}

/** Trains in a worker thread (or in-process inside Next), cancellable by the job's signal. */
export function runTraining(
  input: Common & { request: Extract<MlWorkerRequest, { op: "train" }> },
): Promise<TrainModelResult> {
  if (inWorker()) return runMlInWorker(input);
  return trainModel({ ...input.request.input, onProgress: input.onProgress, signal: input.signal });
}

/** Runs an inference in a worker thread (or in-process inside Next). */
export function runInference(
  input: Common & { request: Extract<MlWorkerRequest, { op: "infer" }> },
): Promise<InferModelResult> {
  if (inWorker()) return runMlInWorker(input);
  return inferModel({ ...input.request.input, signal: input.signal });
}
