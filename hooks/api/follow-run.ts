import type { RunEvent } from "@/lib/contracts/run-event";
import type { RunSnapshot } from "@/lib/contracts/run-snapshot";
import { abortableSleep as sleep } from "./abortable-sleep";
import { ApiRequestError } from "./api-request-error";
import { fetchRunSnapshot } from "./fetch-run-snapshot";
import { readRunEvents, type UnknownRunEvent } from "./read-run-events";
import type { RunConnection } from "./run-connection";
import { isAtRest, isSavedAndFinished } from "./run-snapshot-rest";

// Reconnect backoff: 0.5 s, 1 s, 2 s, 4 s, then 8 s, with ±20% jitter so tabs do not align.
const firstDelayMs = 500;
const maxDelayMs = 8000;
// After this many failed attempts in a row the snapshot is the better source.
const maxReconnectAttempts = 6;
const snapshotPollMs = 1500;
const settlePollMs = 400;
// How often a paused run's page looks for a decision made elsewhere.
const decisionPollMs = 3000;
const maxSettleAttempts = 40;

function backoffDelay(attempt: number): number {
  const base = Math.min(maxDelayMs, firstDelayMs * 2 ** (attempt - 1));
  return Math.round(base * (0.8 + Math.random() * 0.4));
}

/** What following one run reads from and reports to. */
export interface RunFollowing {
  runId: string;
  signal: AbortSignal;
  /** The last event seq read; a reconnect reads on from it. */
  cursor: { current: number };
  onEvent: (event: RunEvent | UnknownRunEvent) => void;
  onSnapshot: (snapshot: RunSnapshot) => void;
  /** The run's record is at rest: the session's lists can be refreshed. */
  onSaved: (snapshot: RunSnapshot) => void;
  setConnection: (update: RunConnection | ((current: RunConnection) => RunConnection)) => void;
}

/**
 * After the terminal event the record may still be saving: read it until it is saved (or, for a
 * pause, until it says paused and names the pending step with its preview). A pause read in a
 * later generation was decided meanwhile (elsewhere, or before a refresh whose replay stops at
 * `run_paused`): "moved_on" tells the caller to read the next events.
 */
async function settle(
  following: RunFollowing,
  pausedGeneration: number | null,
): Promise<"rest" | "moved_on"> {
  const { runId, signal } = following;
  for (let attempt = 0; attempt < maxSettleAttempts && !signal.aborted; attempt++) {
    try {
      const snapshot = await fetchRunSnapshot({ runId, signal });
      if (signal.aborted) return "rest";
      following.onSnapshot(snapshot);
      if (
        pausedGeneration !== null &&
        snapshot.execution_generation > pausedGeneration &&
        !isSavedAndFinished(snapshot)
      ) {
        return "moved_on";
      }
      if (isAtRest(snapshot) || attempt === maxSettleAttempts - 1) {
        following.onSaved(snapshot);
        return "rest";
      }
    } catch {
      if (signal.aborted) return "rest";
    }
    await sleep(settlePollMs, signal);
  }
  return "rest";
}

/**
 * A run at rest on a pause waits for a decision that may be made anywhere: in another tab, by
 * another reviewer. Its snapshot is read now and then; once a later generation runs (approved
 * or modified) the caller reads its events, and a run that ended meanwhile (rejected, cancelled)
 * is shown as saved. A decision made on this page restarts the following itself.
 */
async function awaitDecision(
  following: RunFollowing,
  pausedGeneration: number,
): Promise<"moved_on" | "ended"> {
  const { runId, signal } = following;
  for (;;) {
    await sleep(decisionPollMs, signal);
    if (signal.aborted) return "ended";
    try {
      const snapshot = await fetchRunSnapshot({ runId, signal });
      if (signal.aborted) return "ended";
      if (snapshot.execution_generation > pausedGeneration) return "moved_on";
      if (snapshot.run_status !== "paused") {
        following.onSnapshot(snapshot);
        if (isAtRest(snapshot)) {
          following.onSaved(snapshot);
          return "ended";
        }
      }
    } catch {
      if (signal.aborted) return "ended";
    }
  }
}

/** Events are gone (or unreachable): the snapshot is the source until the run is over. */
async function recover(following: RunFollowing): Promise<void> {
  const { runId, signal, setConnection } = following;
  setConnection({ kind: "recovering" });
  for (;;) {
    if (signal.aborted) return;
    try {
      const snapshot = await fetchRunSnapshot({ runId, signal });
      if (signal.aborted) return;
      following.onSnapshot(snapshot);
      if (isAtRest(snapshot)) {
        following.onSaved(snapshot);
        setConnection({ kind: "settled" });
        return;
      }
    } catch (error) {
      if (signal.aborted) return;
      if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500) {
        setConnection({ kind: "failed", error });
        return;
      }
    }
    await sleep(snapshotPollMs, signal);
  }
}

/**
 * Follows a run's event stream from the cursor to its end, reconnecting with backoff from the
 * last seq; on REPLAY_UNAVAILABLE (HTTP 410 or the in-stream event), or after too many failed
 * attempts, the run is rebuilt from its snapshot instead.
 */
export async function followRun(following: RunFollowing): Promise<void> {
  const { runId, signal, cursor, setConnection } = following;
  let failures = 0;
  // The generation of the last `run_paused` read, if that was the last terminal event.
  let pausedGeneration: number | null = null;
  for (;;) {
    if (signal.aborted) return;
    setConnection(
      failures === 0
        ? { kind: "connecting" }
        : { kind: "reconnecting", attempt: failures, delayMs: 0 },
    );
    try {
      const end = await readRunEvents({
        runId,
        afterSeq: cursor.current,
        signal,
        onEvent: (event) => {
          if (event.seq <= cursor.current) return;
          cursor.current = event.seq;
          failures = 0;
          pausedGeneration = event.type === "run_paused" ? (event.execution_generation ?? 1) : null;
          following.onEvent(event);
          setConnection((current) =>
            current.kind === "streaming" ? current : { kind: "streaming" },
          );
        },
      });
      if (signal.aborted) return;
      if (end.kind === "terminal") {
        if ((await settle(following, pausedGeneration)) === "moved_on") {
          pausedGeneration = null;
          continue;
        }
        if (!signal.aborted) setConnection({ kind: "settled" });
        if (pausedGeneration === null) return;
        if ((await awaitDecision(following, pausedGeneration)) !== "moved_on") return;
        pausedGeneration = null;
        continue;
      }
      if (end.kind === "replay_unavailable") return recover(following);
    } catch (error) {
      if (signal.aborted) return;
      if (error instanceof ApiRequestError && error.code === "REPLAY_UNAVAILABLE") {
        return recover(following);
      }
      if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500) {
        setConnection({ kind: "failed", error });
        return;
      }
    }
    failures += 1;
    if (failures > maxReconnectAttempts) return recover(following);
    const delayMs = backoffDelay(failures);
    setConnection({ kind: "reconnecting", attempt: failures, delayMs });
    await sleep(delayMs, signal);
  }
}
