import { Worker } from "node:worker_threads";
import { EngineError, type EngineErrorCode } from "../engine-error";
import type { InferModelResult } from "./infer-model";
import { findMlWorkerEntry } from "./ml-worker-entry";
import type { MlWorkerRequest } from "./ml-worker-handler";
import type { TrainingProgress, TrainModelResult } from "./training-types";

type WorkerMessage =
  | { kind: "progress"; progress: TrainingProgress }
  | { kind: "result"; result: unknown }
  | { kind: "error"; error: { code?: string; message: string; details?: Record<string, unknown> } };

/**
 * Runs a training or an inference in a worker_thread so the serving thread stays free.
 * Cancelling `signal` terminates the worker at once (JOB_CANCELLED): a training holds no
 * resource a terminate could leak. Engine errors come back with their code and details.
 */
export function runMlInWorker(input: {
  request: Extract<MlWorkerRequest, { op: "train" }>;
  onProgress?: (progress: TrainingProgress) => void;
  signal?: AbortSignal;
}): Promise<TrainModelResult>;
export function runMlInWorker(input: {
  request: Extract<MlWorkerRequest, { op: "infer" }>;
  onProgress?: (progress: TrainingProgress) => void;
  signal?: AbortSignal;
}): Promise<InferModelResult>;
export function runMlInWorker(input: {
  request: MlWorkerRequest;
  onProgress?: (progress: TrainingProgress) => void;
  signal?: AbortSignal;
}): Promise<unknown> {
  if (input.signal?.aborted) {
    return Promise.reject(new EngineError("JOB_CANCELLED", "The ML job was cancelled."));
  }
  const entry = findMlWorkerEntry();
  if (!entry) {
    return Promise.reject(new EngineError("INVALID_REQUEST", "The ML worker file was not found."));
  }
  return new Promise((resolve, reject) => {
    const worker = new Worker(entry);
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      input.signal?.removeEventListener("abort", onAbort);
      void worker.terminate().then(outcome, outcome);
    };
    const onAbort = () =>
      finish(() => reject(new EngineError("JOB_CANCELLED", "The ML job was cancelled.")));
    input.signal?.addEventListener("abort", onAbort, { once: true });
    worker.on("message", (message: WorkerMessage) => {
      if (message.kind === "progress") input.onProgress?.(message.progress);
      else if (message.kind === "result") finish(() => resolve(message.result));
      else finish(() => reject(asEngineError(message.error)));
    });
    worker.on("error", (error) =>
      finish(() =>
        reject(new EngineError("INVALID_REQUEST", `The ML worker failed: ${error.message}`)),
      ),
    );
    worker.on("exit", (code) =>
      finish(() =>
        reject(new EngineError("INVALID_REQUEST", `The ML worker exited (code ${code}).`)),
      ),
    );
    worker.postMessage(input.request);
  });
}

function asEngineError(error: {
  code?: string;
  message: string;
  details?: Record<string, unknown>;
}) {
  // Only engine codes cross back as such; anything else is a bug inside the worker.
  const code = (error.code ?? "INVALID_REQUEST") as EngineErrorCode;
  return new EngineError(code, error.message, error.details);
}
