import "server-only";
import { listDatasets } from "@/lib/datasets/list-datasets";
import {
  findRerunForOwner,
  findRunOutcomeForRerun,
  finishRerun,
  markRerunRunning,
  saveRerunTurns,
} from "@/lib/db/queries/reruns";
import { NotFoundError } from "@/lib/errors/http-errors";
import { startRun } from "../start/start-run";
import { startRunBodySchema } from "../start/start-run-body-schema";
import { compareTurns } from "./compare-turns";
import { readStoredRerunTurns, type StoredRerunTurn } from "./stored-rerun-turns";
import { readTurnEvidence } from "./turn-evidence";
import { waitForRunEnd } from "./wait-for-run-end";

/**
 * The start_request_id of a re-run's turn: the same on every attempt, so a resumed job finds it.
 * A turn asked again because its run was interrupted takes the next `ask` (2, 3…).
 */
export function rerunTurnStartRequestId(input: {
  rerunId: string;
  index: number;
  ask?: number;
}): string {
  const base = `rerun-${input.rerunId}-turn-${input.index + 1}`;
  return input.ask && input.ask > 1 ? `${base}-ask-${input.ask}` : base;
}

/**
 * How many times a turn is asked when its run keeps ending interrupted before this attempt
 * started (the process asking it died, e.g. a crash or a restart in the middle of a re-run).
 */
const maxAsksPerTurn = 3;

// A worker that stops (shutdown, or found lost) leaves the re-run to the job's next attempt;
// any other abort (the job was cancelled) ends it.
function isHandOver(signal: AbortSignal): boolean {
  const reason = signal.reason instanceof Error ? signal.reason.message : String(signal.reason);
  return signal.aborted && /stopped: (shutdown|lost|superseded)$/.test(reason);
}

/**
 * Asks a re-run's turns in order, each as a real run of the new session with the re-run's model,
 * waits for each to end, reads its answer and tool results, and saves the turn's comparison
 * before the next one starts. Turns answered by an earlier attempt are kept as they are.
 */
export async function driveRerun(input: { ownerId: string; rerunId: string; signal: AbortSignal }) {
  const rerun = await findRerunForOwner(input);
  if (!rerun) throw new NotFoundError("Re-run", { rerun_id: input.rerunId });
  if (rerun.status === "done" || rerun.status === "failed") return { rerun_id: rerun.id };
  await markRerunRunning({ rerunId: rerun.id });
  const turns = readStoredRerunTurns(rerun.turns);
  try {
    for (const [index, turn] of turns.entries()) {
      if (turn.after) continue;
      input.signal.throwIfAborted();
      turns[index] = await askTurn({ ...input, rerun, turn, index, turns });
      await saveRerunTurns({ rerunId: rerun.id, turns });
    }
    await finishRerun({ rerunId: rerun.id, status: "done" });
    return {
      rerun_id: rerun.id,
      changed_turns: turns.filter((turn) => turn.comparison?.changed).length,
    };
  } catch (error) {
    if (!isHandOver(input.signal)) {
      const message = input.signal.aborted
        ? "The re-run was stopped."
        : `The re-run stopped: ${error instanceof Error ? error.message : String(error)}`;
      await finishRerun({ rerunId: rerun.id, status: "failed", errorMessage: message });
    }
    throw error;
  }
}

async function askTurn(input: {
  ownerId: string;
  signal: AbortSignal;
  rerun: { id: string; sessionId: string; projectId: string; modelName: string };
  turn: StoredRerunTurn;
  index: number;
  turns: StoredRerunTurn[];
}): Promise<StoredRerunTurn> {
  const { rerun, turn } = input;
  // A dataset deleted since the original was asked cannot be attached again.
  const datasets = await listDatasets({ ownerId: input.ownerId, projectId: rerun.projectId });
  const known = new Set(datasets.map((dataset) => dataset.dataset_id));
  let runId = "";
  let outcome: Awaited<ReturnType<typeof findRunOutcomeForRerun>> = null;
  for (let ask = 1; ask <= maxAsksPerTurn; ask++) {
    const body = startRunBodySchema.parse({
      start_request_id: rerunTurnStartRequestId({ rerunId: rerun.id, index: input.index, ask }),
      message: turn.message,
      attachments: turn.attachments.filter((id) => known.has(id)),
      options: { ...turn.options, model: rerun.modelName },
    });
    const started = await startRun({ ownerId: input.ownerId, sessionId: rerun.sessionId, body });
    runId = started.run.run_id;
    // Named before it ends, so the page links the turn's run while it works.
    input.turns[input.index] = { ...turn, run_id: runId, run_status: "running" };
    await saveRerunTurns({ rerunId: rerun.id, turns: input.turns });
    await waitForRunEnd({ ownerId: input.ownerId, runId, signal: input.signal });
    outcome = await findRunOutcomeForRerun({ ownerId: input.ownerId, runId });
    if (!outcome) throw new Error(`the run of turn ${input.index + 1} is gone`);
    // A run an earlier attempt started (200: found by its start_request_id) that ended
    // interrupted died with that attempt's process: its cut-off answer is no answer to compare,
    // so the turn is asked again. One interrupted while this attempt watched is kept as it is.
    if (!(started.status === 200 && outcome.runStatus === "interrupted")) break;
  }
  if (!outcome) throw new Error(`the run of turn ${input.index + 1} is gone`);
  const after = readTurnEvidence({
    answer: outcome.finalText ?? outcome.partialText,
    toolCalls: outcome.toolCalls,
  });
  return {
    ...turn,
    run_id: runId,
    run_status: outcome.runStatus,
    after,
    comparison: compareTurns({ before: turn.before, after }),
  };
}
