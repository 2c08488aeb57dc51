import "server-only";
import type { InferModelResult } from "@/lib/engine/ml/infer-model";
import { inferModel } from "@/lib/engine/ml/infer-model";
import { findMlWorkerEntry } from "@/lib/engine/ml/ml-worker-entry";
import { type MlWorkerRequest, trainInputOf } from "@/lib/engine/ml/ml-worker-handler";
import { runMlInWorker } from "@/lib/engine/ml/run-ml-in-worker";
import { trainModel } from "@/lib/engine/ml/train-model";
import type { TrainingProgress, TrainModelResult } from "@/lib/engine/ml/training-types";

type Common = { onProgress?: (progress: TrainingProgress) => void; signal: AbortSignal };

/**
 * Where the kernels run: in a worker thread whenever its entry file is on disk, which it is
 * under `npm run worker` (tsx), the tests, and `next dev` / `next start` run from the project
 * root (lib/engine/ml/ml-worker-entry.ts finds it from the working directory there). Only a
 * deployment without the source tree runs the job in the serving process instead: the
 * kernels check the signal and yield between epochs.
 */
function inWorker(): boolean {
  return findMlWorkerEntry() !== null;
}

/** Trains in a worker thread (or in-process inside Next), cancellable by the job's signal. */
export function runTraining(
  input: Common & { request: Extract<MlWorkerRequest, { op: "train" }> },
): Promise<TrainModelResult> {
  if (inWorker()) return runMlInWorker(input);
  return trainModel(
    trainInputOf({
      input: input.request.input,
      onProgress: input.onProgress,
      signal: input.signal,
    }),
  );
}

/** Runs an inference in a worker thread (or in-process inside Next). */
export function runInference(
  input: Common & { request: Extract<MlWorkerRequest, { op: "infer" }> },
): Promise<InferModelResult> {
  if (inWorker()) return runMlInWorker(input);
  return inferModel({ ...input.request.input, signal: input.signal });
}
