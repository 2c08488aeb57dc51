import { throwIfCancelled, type WorkControl } from "../cancel-signal";
import { checkpoint } from "./work-checkpoint";

/**
 * Longest stretch of synchronous work between two event-loop turns. The engine runs in the
 * process that also serves the HTTP API: while an algorithm holds the thread, no cancel
 * request, heartbeat or other request is served, and an abort signal can never fire.
 */
export const workSliceMilliseconds = 20;

type ScheduleImmediate = (callback: () => void) => unknown;

/**
 * A promise for a later event-loop turn. Node's setImmediate runs right after the I/O poll
 * phase, so whatever arrived meanwhile (a cancel request, a closed connection) is handled
 * first and without the 1 ms floor of timers; elsewhere (browsers) a zero timeout does.
 */
function nextTurn(): Promise<void> {
  const immediate = (globalThis as { setImmediate?: ScheduleImmediate }).setImmediate;
  return new Promise((resolve) => {
    if (immediate) immediate(resolve);
    else setTimeout(resolve, 0);
  });
}

/**
 * Paces one long computation: every checkpoint checks for a cancel and reports progress, and
 * once a slice of work is spent it hands the event loop a turn. Algorithms call it between
 * units of work (a source, an iteration, a sweep) that each take well under the slice on
 * typical graphs.
 */
export class WorkPacer {
  readonly control: WorkControl | undefined;
  private sliceStart = performance.now();

  constructor(control?: WorkControl) {
    this.control = control;
  }

  /**
   * Stops with JOB_CANCELLED if asked to and reports progress; when the slice is spent,
   * returns a promise for the next turn (stopping if the turn brought an abort). Await the
   * result: it is `undefined` on the fast path, so a checkpoint costs a clock read.
   */
  checkpoint(fraction: number, stage: string): Promise<void> | undefined {
    checkpoint(this.control, fraction, stage);
    return this.pace();
  }

  /** Like `checkpoint`, for steps that know no fraction: reports no progress. */
  pace(): Promise<void> | undefined {
    throwIfCancelled(this.control?.signal);
    if (performance.now() - this.sliceStart < workSliceMilliseconds) return undefined;
    return this.pause();
  }

  private async pause(): Promise<void> {
    await nextTurn();
    throwIfCancelled(this.control?.signal);
    this.sliceStart = performance.now();
  }
}
