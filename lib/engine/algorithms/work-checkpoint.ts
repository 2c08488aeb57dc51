import { throwIfCancelled, type WorkControl } from "../cancel-signal";

/**
 * How many inner steps pass between two cancel checks (a power of two minus one, as a mask).
 * Kernels test `(step & mask) === 1` so the check also runs on the very first step: a call
 * site first reached after V8 has optimised the loop would deoptimise it.
 */
export const checkpointMask = 0x3fff;

/** Stops with JOB_CANCELLED if asked to, then reports progress; call every few thousand steps. */
export function checkpoint(control: WorkControl | undefined, fraction: number, stage: string) {
  if (!control) return;
  throwIfCancelled(control.signal);
  control.onProgress?.(Math.min(1, Math.max(0, fraction)), stage);
}
