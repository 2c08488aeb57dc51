import type { PlannedToolCall } from "@/lib/contracts/tool-descriptor";
import { type RunToolBatchInput, runToolBatch } from "../run-tool-batch";
import type { ToolCallOutcome } from "../tool-call-outcome";
import { EventLog, FakeTools, flushScheduler } from "./fake-tools";
import { graphToolDescriptors } from "./graph-tool-descriptors";

/** A batch running against fake tools; `done` is true once its promise resolved. */
export type StartedBatch = {
  tools: FakeTools;
  log: EventLog;
  result: Promise<ToolCallOutcome[]>;
  isDone: () => boolean;
};

/**
 * Starts `runToolBatch` over the engine's catalogue with a controllable `execute` and waits until
 * the scheduler has made its first moves.
 */
export async function startBatch(input: {
  calls: PlannedToolCall[];
  maxConcurrency?: number;
  overrides?: Partial<RunToolBatchInput>;
}): Promise<StartedBatch> {
  const tools = new FakeTools();
  const log = new EventLog();
  let done = false;
  const result = runToolBatch({
    calls: input.calls,
    descriptors: graphToolDescriptors(),
    maxConcurrency: input.maxConcurrency ?? 4,
    execute: tools.execute,
    emit: log.emit,
    ...input.overrides,
  });
  result.then(
    () => {
      done = true;
    },
    () => {
      done = true;
    },
  );
  await flushScheduler();
  return { tools, log, result, isDone: () => done };
}
