import "server-only";
import { z } from "zod";
import { defineJob } from "./define-job";

/** What a diagnostic job is enqueued with; `child` is another one, spawned first. */
const sleepInputSchema = z.object({
  duration_ms: z.number().int().min(0).max(600_000).default(1000),
  steps: z.number().int().min(1).max(1000).default(4),
  result: z.json().optional(),
  fail_with: z.string().optional(),
  get child() {
    return sleepInputSchema.optional();
  },
  hand_off: z.boolean().default(false),
});

/**
 * A job that only waits, reporting `steps` progress rows and honouring cancel: it proves a worker
 * (in this process or another) picks up, reports, hands off and stops jobs, without touching
 * any data. Enqueued by server code only (health checks, tests); no route takes a kind.
 */
export const diagnosticSleepJob = defineJob({
  kind: "diagnostic.sleep",
  inputSchema: sleepInputSchema,
  handle: async ({ input, reportProgress, signal, spawnChild }) => {
    if (input.child) {
      await spawnChild({ ...diagnosticSleepJob.withInput(input.child), handOff: input.hand_off });
    }
    const stepMs = input.duration_ms / input.steps;
    for (let step = 1; step <= input.steps; step++) {
      await abortableSleep(stepMs, signal);
      await reportProgress({
        stage: "sleep",
        pct: (step / input.steps) * 100,
        message: `step ${step} of ${input.steps}`,
      });
    }
    if (input.fail_with) throw new Error(input.fail_with);
    return input.result ?? { slept_ms: input.duration_ms };
  },
});

function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener("abort", onAbort, { once: true });
  });
}
