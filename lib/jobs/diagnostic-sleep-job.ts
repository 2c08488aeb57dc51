import "server-only";
import { z } from "zod";
import type { JobHandler } from "./job-kind-registry";

/** The kind name of the diagnostic job. */
export const diagnosticSleepKind = "diagnostic.sleep";

const sleepInputSchema: z.ZodType<SleepInput> = z.lazy(() =>
  z.object({
    duration_ms: z.number().int().min(0).max(600_000).default(1000),
    steps: z.number().int().min(1).max(1000).default(4),
    result: z.json().optional(),
    fail_with: z.string().optional(),
    child: sleepInputSchema.optional(),
    hand_off: z.boolean().default(false),
  }),
) as z.ZodType<SleepInput>;

type SleepInput = {
  duration_ms: number;
  steps: number;
  result?: z.core.util.JSONType;
  fail_with?: string;
  child?: SleepInput;
  hand_off: boolean;
};

/**
 * A job that only waits, reporting `steps` progress rows and honouring cancel: it proves a worker
 * (in this process or another) picks up, reports, hands off and stops jobs, without touching
 * any data. Enqueued by server code only (health checks, tests); no route takes a kind.
 */
export const diagnosticSleepHandler: JobHandler = async ({
  input,
  reportProgress,
  signal,
  spawnChild,
}) => {
  const options = sleepInputSchema.parse(input);
  if (options.child) {
    await spawnChild({
      kind: diagnosticSleepKind,
      input: options.child as never,
      handOff: options.hand_off,
    });
  }
  const stepMs = options.duration_ms / options.steps;
  for (let step = 1; step <= options.steps; step++) {
    await abortableSleep(stepMs, signal);
    await reportProgress({
      stage: "sleep",
      pct: (step / options.steps) * 100,
      message: `step ${step} of ${options.steps}`,
    });
  }
  if (options.fail_with) throw new Error(options.fail_with);
  return options.result ?? { slept_ms: options.duration_ms };
};

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
