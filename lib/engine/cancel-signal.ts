import { EngineError } from "./engine-error";

/** What long algorithms receive: a way to stop and a way to say how far they are. */
export type WorkControl = {
  signal?: AbortSignal;
  /** Called now and then with 0…1; must be cheap. */
  onProgress?: (fraction: number, stage?: string) => void;
};

/** Throws JOB_CANCELLED when the signal fired; algorithms call it every few thousand steps. */
export function throwIfCancelled(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new EngineError("JOB_CANCELLED", "The computation was cancelled.");
}
