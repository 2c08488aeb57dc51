import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as runEventsRoute from "@/app/api/runs/[run_id]/events/route";
import type { RunEvent } from "@/lib/contracts/run-event";
import { insertRunEvents, readRunEventsAfter } from "@/lib/db/queries/run-events";
import { onRunEventsWritten, runEventNotificationsReady } from "@/lib/db/run-event-notifications";
import { dropRunEventLog, runEventLog } from "@/lib/runs/events/run-event-log";
import { createSession } from "@/lib/sessions/create-session";
import { actingAs, routeContext } from "../support/route-request";
import { readRunEvents } from "../support/run-events-client";
import { type RunHarness, startRunHarness } from "../support/run-harness";

// Issue 21 point 4: a run's events are persisted as they are appended and announced with
// LISTEN/NOTIFY, so a process that does not execute the run (here: this process after its
// in-memory log was dropped, which is all another instance lacks) streams it live and replays
// it from any seq for its whole life.

// Three batches of bridging analysis: ~70 events over several engine calls.
const longQuestion = "find the key nodes that connect several communities";

let harness: RunHarness;
// The engine waits on this before answering: a test holds the run mid-flight with it.
let hold: Promise<void> | undefined;

beforeAll(async () => {
  harness = await startRunHarness({ engineGate: () => hold ?? Promise.resolve() });
}, 120_000);

afterAll(async () => {
  await harness?.close();
});

function openEvents(runId: string, headers: Record<string, string>, signal?: AbortSignal) {
  return runEventsRoute.GET(
    new Request("http://test.local/x", {
      headers: { ...actingAs(harness.userId), ...headers },
      signal,
    }),
    routeContext({ run_id: runId }),
  );
}

/** Reads events until `count` were read, then disconnects. */
async function readFirst(runId: string, afterSeq: number, count: number): Promise<RunEvent[]> {
  const disconnect = new AbortController();
  const response = await openEvents(
    runId,
    { "last-event-id": String(afterSeq) },
    disconnect.signal,
  );
  expect(response.status).toBe(200);
  const reader = response.body?.getReader();
  if (!reader) throw new Error("no event stream");
  const decoder = new TextDecoder();
  const events: RunEvent[] = [];
  let buffer = "";
  while (events.length < count) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
      const data = buffer
        .slice(0, end)
        .split("\n")
        .find((line) => line.startsWith("data: "));
      buffer = buffer.slice(end + 2);
      if (data && events.length < count) events.push(JSON.parse(data.slice(6)) as RunEvent);
    }
  }
  disconnect.abort();
  await reader.cancel();
  return events;
}

async function readAll(runId: string, afterSeq: number): Promise<RunEvent[]> {
  const response = await openEvents(runId, { "last-event-id": String(afterSeq) });
  expect(response.status).toBe(200);
  return readRunEvents(response);
}

const seqs = (events: RunEvent[]) => events.map((event) => event.seq);

describe("run events any instance can serve (EV-1, EV-2)", () => {
  it("streams a live run from PostgreSQL with the executor's events and seqs, and a reconnect from seq N goes on at N+1", async () => {
    let release = () => {};
    hold = new Promise<void>((resolve) => {
      release = resolve;
    });
    const session = await createSession({ ownerId: harness.userId, projectId: harness.projectId });
    const started = await harness.startRun(session.session_id, longQuestion, {
      model: "local-rules",
    });
    expect(started.status).toBe(202);
    const runId: string = started.body.run_id;
    // The executing process's reader (in-memory fast path), opened before the log is dropped.
    const executorLog = runEventLog(runId);
    expect(executorLog).toBeDefined();
    const local = openEvents(runId, {}).then(readRunEvents);
    // From here this process is "another instance": it has no in-memory log of the run (the
    // executor keeps writing to its own, which persists every event).
    dropRunEventLog(runId);
    expect(runEventLog(runId)).toBeUndefined();
    const remote = readAll(runId, -1);
    // The run is held at its first engine call: both readers are following it live.
    expect((await harness.snapshot(runId)).run_status).not.toBe("completed");
    release();
    hold = undefined;

    // A reader that reads 10 events from the table, disconnects, and reconnects from the last
    // one it has — here again, as a browser whose reconnect reaches another instance.
    const first = await readFirst(runId, -1, 10);
    expect(seqs(first)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const rest = await readAll(runId, 9);
    expect(rest[0]?.seq).toBe(10);

    const [localEvents, remoteEvents] = await Promise.all([local, remote]);
    expect(localEvents.length).toBeGreaterThanOrEqual(15);
    expect(seqs(localEvents)).toEqual(localEvents.map((_, index) => index));
    expect(localEvents.at(-1)?.type).toBe("run_completed");
    // Same events, same seqs, no gap, no duplicate — from memory and from the table.
    expect(remoteEvents).toEqual(localEvents);
    expect([...first, ...rest]).toEqual(localEvents);

    // The table holds exactly the run's events, once each.
    const stored = await readRunEventsAfter({ runId, afterSeq: -1, limit: 10_000 });
    expect(stored.map((row) => row.seq)).toEqual(seqs(localEvents));
    expect(stored.map((row) => row.data)).toEqual(localEvents);
    // The snapshot's last seq is the terminal event's, as the final-state merge saved it.
    expect((await harness.snapshot(runId)).run_status).toBe("completed");
  }, 90_000);

  it("replays an ended run from any seq for its whole life; 410 only for a seq that never existed", async () => {
    const session = await createSession({ ownerId: harness.userId, projectId: harness.projectId });
    const started = await harness.startRun(session.session_id, "rank the top 5 nodes by pagerank", {
      model: "local-rules",
    });
    const runId: string = started.body.run_id;
    const live = await harness.events(runId);
    expect(live.at(-1)?.type).toBe("run_completed");
    const lastSeq = live.at(-1)?.seq ?? -1;
    dropRunEventLog(runId); // a restart, or a reader on an instance that never ran it

    expect(await readAll(runId, -1)).toEqual(live);
    const middle = Math.floor(lastSeq / 2);
    expect(await readAll(runId, middle)).toEqual(live.slice(middle + 1));
    // A reader that has the terminal event gets an empty stream that ends at once.
    expect(await readAll(runId, lastSeq)).toEqual([]);

    for (const cursor of [lastSeq + 1, lastSeq + 1000]) {
      const beyond = await openEvents(runId, { "last-event-id": String(cursor) });
      expect(beyond.status).toBe(410);
      expect(await beyond.json()).toEqual({
        error: {
          code: "REPLAY_UNAVAILABLE",
          message: expect.any(String),
          details: { run_id: runId, after_seq: cursor, snapshot_url: `/api/runs/${runId}` },
        },
      });
    }
    const garbage = await openEvents(runId, { "last-event-id": "abc" });
    expect(garbage.status).toBe(400);
  }, 60_000);

  it("a pause cancelled on an instance that never ran it ends the stream with run_cancelled right after the pause", async () => {
    const session = await createSession({ ownerId: harness.userId, projectId: harness.projectId });
    const started = await harness.startRun(session.session_id, "Clear the graph");
    const runId: string = started.body.run_id;
    const paused = await harness.events(runId);
    expect(paused.at(-1)?.type).toBe("run_paused");
    const pausedSeq = paused.at(-1)?.seq ?? -1;
    await runEventLog(runId)?.persisted();
    dropRunEventLog(runId); // the cancel reaches an instance without the run's log
    const cancelled = await harness.cancel({ cancel_request_id: randomUUID(), run_id: runId });
    expect(cancelled.status).toBe(202);
    await runEventLog(runId)?.persisted();
    dropRunEventLog(runId); // and the reader yet another one
    const after = await readAll(runId, pausedSeq);
    expect(after).toEqual([
      { type: "run_cancelled", run_id: runId, seq: pausedSeq + 1, execution_generation: 1 },
    ]);
    expect(await readAll(runId, -1)).toEqual(paused);
  }, 60_000);

  it("announces every batch written, from any connection, on one listening connection", async () => {
    const session = await createSession({ ownerId: harness.userId, projectId: harness.projectId });
    const started = await harness.startRun(session.session_id, "rank the top 5 nodes by pagerank", {
      model: "local-rules",
    });
    const runId: string = started.body.run_id;
    const events = await harness.events(runId);
    // The executor's own writes are announced too: let them land before listening.
    await runEventLog(runId)?.persisted();
    const heard: (number | null)[] = [];
    const unsubscribe = onRunEventsWritten(runId, (lastSeq) => heard.push(lastSeq));
    try {
      await runEventNotificationsReady();
      const next = (events.at(-1)?.seq ?? 0) + 1;
      const row = (seq: number) => ({
        runId,
        seq,
        executionGeneration: 1,
        type: "text_delta",
        data: { type: "text_delta", text: "x", run_id: runId, seq, execution_generation: 1 },
      });
      await insertRunEvents(runId, [row(next), row(next + 1)]);
      // Written again (a retried batch): nothing is stored twice.
      await insertRunEvents(runId, [row(next + 1)]);
      await expect.poll(() => heard, { timeout: 5_000 }).toEqual([next + 1, next + 1]);
      const stored = await readRunEventsAfter({ runId, afterSeq: next - 1, limit: 10 });
      expect(stored.map((stored) => stored.seq)).toEqual([next, next + 1]);
    } finally {
      unsubscribe();
    }
  }, 60_000);
});
