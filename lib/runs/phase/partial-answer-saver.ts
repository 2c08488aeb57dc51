import "server-only";
import { saveRunPartialText } from "@/lib/db/queries/runs";

/** The answer streamed so far is saved at most this often while a run phase streams it. */
export const partialAnswerSaveIntervalMs = 1_000;

/**
 * Keeps the run's saved partial text close to what has been streamed (PS-4): a process killed
 * mid-answer leaves the text so far for the snapshot and for the next run's interrupted-run
 * preview, instead of nothing. Saves are throttled (one per interval, never two at once); a
 * failed save is logged and the next one catches up; the phase's final save supersedes them.
 */
export function createPartialAnswerSaver(input: {
  runId: string;
  generation: number;
  intervalMs?: number;
}) {
  const intervalMs = input.intervalMs ?? partialAnswerSaveIntervalMs;
  let text = "";
  let savedText = "";
  let timer: NodeJS.Timeout | undefined;
  let saving: Promise<void> = Promise.resolve();
  let closed = false;

  const save = () => {
    timer = undefined;
    if (closed || text === savedText) return;
    const snapshot = text;
    saving = saving
      .then(() =>
        saveRunPartialText({ runId: input.runId, generation: input.generation, text: snapshot }),
      )
      .then(() => {
        savedText = snapshot;
      })
      .catch((error) =>
        console.error(`run ${input.runId}: partial answer not saved yet (retried):`, error),
      );
  };

  return {
    /** Adds streamed answer text; a save follows within the interval. */
    append(delta: string): void {
      if (closed) return;
      text += delta;
      timer ??= setTimeout(save, intervalMs);
    },
    /** Stops saving and waits for a save in flight, before the phase's final state is saved. */
    async close(): Promise<void> {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await saving;
    },
  };
}
