import { throwIfCancelled, type WorkControl } from "../cancel-signal";

/** How many inner steps pass between two cancel checks (a power of two minus one, as a mask). */
export const checkpointMask = 0x3fff;

/** Stops with JOB_CANCELLED if asked to, then reports progress; call every few thousand steps. */
export function checkpoint(control: WorkControl | undefined, fraction: number, stage: string) {
  if (!control) return;
  throwIfCancelled(control.signal);
  control.onProgress?.(Math.min(1, Math.max(0, fraction)), stage);
}
