import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetEnvForTests } from "@/lib/env";
import { RunEventLog, runEventLog } from "./run-event-log";
import { streamRunEvents } from "./stream-run-events";

// The stream checks ownership in PostgreSQL first; here every run belongs to the caller, so the
// window logic is tested without a database (the integration suite covers ownership).
vi.mock("@/lib/db/queries/runs", () => ({
  findRunForOwner: async (input: { runId: string }) => ({
    id: input.runId,
    runStatus: "completed",
  }),
}));

// The persisted events, as the log's writer leaves them: an in-memory stand-in for the table.
const table = vi.hoisted(() => new Map<string, { seq: number; type: string; data: unknown }[]>());
vi.mock("@/lib/db/queries/run-events", () => ({
  insertRunEvents: async (runId: string, rows: { seq: number; type: string; data: unknown }[]) => {
    const stored = table.get(runId) ?? [];
    for (const row of rows) if (!stored.some((old) => old.seq === row.seq)) stored.push(row);
    table.set(runId, stored);
  },
  readRunEventsAfter: async (input: { runId: string; afterSeq: number; limit: number }) =>
    (table.get(input.runId) ?? [])
      .filter((row) => row.seq > input.afterSeq)
      .sort((a, b) => a.seq - b.seq)
      .slice(0, input.limit),
  findLastRunEvent: async (runId: string) =>
    [...(table.get(runId) ?? [])].sort((a, b) => b.seq - a.seq)[0] ?? null,
}));
vi.mock("@/lib/db/run-event-notifications", () => ({ onRunEventsWritten: () => () => {} }));

const saved = { ...process.env };

beforeEach(() => {
  // 100 is the smallest window the configuration allows.
  process.env.RUN_EVENT_BUFFER_MAX_EVENTS = "100";
  process.env.RUN_EVENT_BUFFER_MAX_AGE_SECONDS = "60";
  resetEnvForTests();
});

afterEach(() => {
  vi.useRealTimers();
  process.env = { ...saved };
  resetEnvForTests();
});

function appendTextDeltas(log: RunEventLog, count: number) {
  for (let index = 0; index < count; index++) log.append({ type: "text_delta", text: `${index}` });
}

/** Reads an SSE body to its end: `id`, `event` and parsed `data` of every block. */
async function readSse(response: Response) {
  const text = await response.text();
  return text
    .split("\n\n")
    .filter((block) => block.includes("data: "))
    .map((block) => {
      const field = (name: string) =>
        block
          .split("\n")
          .find((line) => line.startsWith(`${name}: `))
          ?.slice(name.length + 2);
      return {
        id: field("id"),
        event: field("event"),
        data: JSON.parse(field("data") ?? "null") as { seq?: number },
      };
    });
}

describe("RunEventLog window (EV-2)", () => {
  it("numbers events from 0 without gaps and replays everything after a cursor", () => {
    const log = new RunEventLog("run-a");
    log.append({ type: "run_started" });
    appendTextDeltas(log, 4);
    expect(log.readAfter(-1)?.map((event) => event.seq)).toEqual([0, 1, 2, 3, 4]);
    expect(log.readAfter(2)?.map((event) => event.seq)).toEqual([3, 4]);
    // A reader that has everything gets nothing, not an error; a cursor past the end is refused.
    expect(log.readAfter(4)).toEqual([]);
    expect(log.readAfter(5)).toBeNull();
  });

  it("keeps the newest RUN_EVENT_BUFFER_MAX_EVENTS events and refuses cursors below them", () => {
    const log = new RunEventLog("run-b");
    appendTextDeltas(log, 150);
    // seq 50…149 remain: a cursor must be at least 49 for its next event to be in the window.
    expect(log.readAfter(-1)).toBeNull();
    expect(log.readAfter(48)).toBeNull();
    const kept = log.readAfter(49);
    expect(kept?.map((event) => event.seq)).toEqual(Array.from({ length: 100 }, (_, i) => 50 + i));
    expect(log.readAfter(148)?.map((event) => event.seq)).toEqual([149]);
  });

  it("drops events older than RUN_EVENT_BUFFER_MAX_AGE_SECONDS but always keeps the newest", () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2026-01-01T00:00:00Z"));
    const log = new RunEventLog("run-c");
    appendTextDeltas(log, 3);
    vi.setSystemTime(new Date("2026-01-01T00:01:01Z"));
    log.append({ type: "run_completed" });
    expect(log.readAfter(-1)).toBeNull();
    expect(log.readAfter(2)?.map((event) => event.type)).toEqual(["run_completed"]);
    expect(log.isFinished).toBe(true);
  });
});

describe("streamRunEvents over a moving window (EV-2)", () => {
  it("replays a cursor that left the window from the persisted events; 410 only past the end", async () => {
    const runId = randomUUID();
    const log = runEventLog(runId, { create: true });
    if (!log) throw new Error("no log");
    appendTextDeltas(log, 120);
    log.append({ type: "run_completed" });
    await log.persisted();
    expect(log.readAfter(-1)).toBeNull();
    const fromTable = await readSse(
      await streamRunEvents({
        ownerId: "owner",
        runId,
        afterSeq: -1,
        signal: new AbortController().signal,
      }),
    );
    expect(fromTable.map((event) => event.data.seq)).toEqual(
      Array.from({ length: 121 }, (_, i) => i),
    );
    expect(fromTable.at(-1)?.event).toBe("run_completed");
    const refused = streamRunEvents({
      ownerId: "owner",
      runId,
      afterSeq: 121,
      signal: new AbortController().signal,
    });
    await expect(refused).rejects.toMatchObject({
      code: "REPLAY_UNAVAILABLE",
      status: 410,
      details: { run_id: runId, after_seq: 121, snapshot_url: `/api/runs/${runId}` },
    });
    // The oldest kept event is seq 21, so a reader at 20 gets the rest from memory.
    const response = await streamRunEvents({
      ownerId: "owner",
      runId,
      afterSeq: 20,
      signal: new AbortController().signal,
    });
    const events = await readSse(response);
    expect(events.map((event) => event.data.seq)).toEqual(
      Array.from({ length: 100 }, (_, i) => 21 + i),
    );
    expect(events.at(-1)?.event).toBe("run_completed");
  });

  it("never lets a live reader skip events when the window moves past its start", async () => {
    const runId = randomUUID();
    const log = runEventLog(runId, { create: true });
    if (!log) throw new Error("no log");
    log.append({ type: "run_started" });
    const response = await streamRunEvents({
      ownerId: "owner",
      runId,
      afterSeq: -1,
      signal: new AbortController().signal,
    });
    // 250 more events go by before the reader reads anything: seq 0 leaves the window.
    appendTextDeltas(log, 249);
    log.append({ type: "run_completed" });
    expect(log.readAfter(-1)).toBeNull();
    const events = await readSse(response);
    // Whatever the stream does when it falls behind, it must not leave a gap: every event it
    // delivers is the next one, and if it gives up it says so with replay_unavailable last.
    const delivered = events.filter((event) => event.event !== "replay_unavailable");
    expect(delivered.map((event) => event.data.seq)).toEqual(delivered.map((_, index) => index));
    expect(delivered.every((event) => event.id === String(event.data.seq))).toBe(true);
    const last = events.at(-1);
    if (last?.event === "replay_unavailable") {
      expect(last.data.seq).toBe(delivered.length);
    } else {
      // Today's stream queues for its reader, so it receives the whole run.
      expect(delivered).toHaveLength(251);
      expect(last?.event).toBe("run_completed");
    }
  });

  it("cuts off a reader that stopped reading with replay_unavailable at the first seq it missed", async () => {
    process.env.RUN_EVENT_BUFFER_MAX_EVENTS = "10000";
    resetEnvForTests();
    const runId = randomUUID();
    const log = runEventLog(runId, { create: true });
    if (!log) throw new Error("no log");
    log.append({ type: "run_started" });
    const response = await streamRunEvents({
      ownerId: "owner",
      runId,
      afterSeq: -1,
      signal: new AbortController().signal,
    });
    // Nobody reads while 3,000 events go by: the queue for this reader is bounded.
    appendTextDeltas(log, 3_000);
    log.append({ type: "run_completed" });
    const events = await readSse(response);
    const last = events.at(-1);
    expect(last?.event).toBe("replay_unavailable");
    expect(last?.id).toBeUndefined();
    const delivered = events.slice(0, -1);
    expect(delivered.length).toBeLessThan(3_000);
    expect(delivered.map((event) => event.data.seq)).toEqual(delivered.map((_, index) => index));
    expect(last?.data).toMatchObject({
      run_id: runId,
      seq: delivered.length,
      execution_generation: 1,
    });
    // The run itself went on: a reconnect from the last delivered seq gets the rest.
    expect(log.readAfter(delivered.length - 1)?.at(-1)?.type).toBe("run_completed");
  });

  it("stops following a run when the reader disconnects, without affecting the log", async () => {
    const runId = randomUUID();
    const log = runEventLog(runId, { create: true });
    if (!log) throw new Error("no log");
    log.append({ type: "run_started" });
    const disconnect = new AbortController();
    const response = await streamRunEvents({
      ownerId: "owner",
      runId,
      afterSeq: -1,
      signal: disconnect.signal,
    });
    disconnect.abort();
    appendTextDeltas(log, 2);
    // The stream ended at the disconnect, with what it had: the later events are not in it.
    const events = await readSse(response);
    expect(events.map((event) => event.data.seq)).toEqual([0]);
    expect(log.readAfter(-1)?.map((event) => event.seq)).toEqual([0, 1, 2]);
  });
});
