import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { StoredRunEvent } from "@/lib/db/queries/run-events";
import { resetEnvForTests } from "@/lib/env";
import { RunEventLog, runEventLog } from "./run-event-log";
import { RunEventWriter } from "./run-event-writer";
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
// Runs before a write is stored: a test holds writes (await) or fails them (throw) with it.
const writeFault = vi.hoisted(() => ({
  hook: undefined as undefined | ((runId: string, seqs: number[]) => Promise<void>),
}));
vi.mock("@/lib/db/queries/run-events", () => ({
  insertRunEvents: async (runId: string, rows: { seq: number; type: string; data: unknown }[]) => {
    await writeFault.hook?.(
      runId,
      rows.map((row) => row.seq),
    );
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
  writeFault.hook = undefined;
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
    // The run itself went on: a reconnect from the last delivered seq gets the rest (once
    // written).
    await log.persisted();
    expect(log.readAfter(delivered.length - 1)?.at(-1)?.type).toBe("run_completed");
  });

  it("stops following a run when the reader disconnects, without affecting the log", async () => {
    const runId = randomUUID();
    const log = runEventLog(runId, { create: true });
    if (!log) throw new Error("no log");
    log.append({ type: "run_started" });
    await log.persisted();
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
    await log.persisted();
    expect(log.readAfter(-1)?.map((event) => event.seq)).toEqual([0, 1, 2]);
  });
});

/** Lets every pending promise callback run (no timer fires meanwhile). */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe("persist before deliver (EV-1, EV-2)", () => {
  it("hands a subscriber and a replay seq N only once the write holding it resolved, then at once", async () => {
    const writes: { seqs: number[]; done: () => void }[] = [];
    const writer = new RunEventWriter(
      "run-p",
      (_runId, rows: readonly StoredRunEvent[]) =>
        new Promise<void>((resolve) => {
          writes.push({ seqs: rows.map((row) => row.seq), done: resolve });
        }),
      { flushMs: 5 },
    );
    const log = new RunEventLog("run-p", 0, writer);
    const seen: number[] = [];
    log.subscribe((event) => seen.push(event.seq));
    log.append({ type: "run_started" });
    log.append({ type: "text_delta", text: "a" });
    await vi.waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]?.seqs).toEqual([0, 1]);
    // Numbered, being written: no reader has them, live or replaying.
    await settle();
    expect(seen).toEqual([]);
    expect(log.readAfter(-1)).toEqual([]);
    expect(log.upcomingSeq).toBe(2);
    log.append({ type: "text_delta", text: "b" });
    writes[0]?.done();
    await settle();
    // Written: delivered right away, in order; seq 2 waits for its own write.
    expect(seen).toEqual([0, 1]);
    expect(log.readAfter(-1)?.map((event) => event.seq)).toEqual([0, 1]);
    await vi.waitFor(() => expect(writes).toHaveLength(2));
    expect(writes[1]?.seqs).toEqual([2]);
    expect(seen).toEqual([0, 1]);
    // A terminal event is written at once (no flush wait) and delivered when that write is done.
    log.append({ type: "run_completed" });
    writes[1]?.done();
    await settle();
    expect(seen).toEqual([0, 1, 2]);
    expect(writes[2]?.seqs).toEqual([3]);
    expect(log.isFinished).toBe(true);
    writes[2]?.done();
    await log.persisted();
    expect(seen).toEqual([0, 1, 2, 3]);
    expect(log.readAfter(1)?.map((event) => event.type)).toEqual(["text_delta", "run_completed"]);
  });

  it("hands a run's PERSISTENCE_FAILED end to its readers at once, while the database is failing", async () => {
    // Every write hangs, as against a database that is down.
    const writer = new RunEventWriter("run-f", () => new Promise<void>(() => {}), { flushMs: 5 });
    const log = new RunEventLog("run-f", 0, writer);
    const seen: string[] = [];
    log.subscribe((event) => seen.push(`${event.seq}:${event.type}`));
    log.append({ type: "run_started" });
    log.append({ type: "text_delta", text: "partial" });
    await settle();
    expect(seen).toEqual([]);
    log.append({ type: "run_error", code: "PERSISTENCE_FAILED", message: "not saved" });
    log.deliverUnwritten();
    expect(seen).toEqual(["0:run_started", "1:text_delta", "2:run_error"]);
    // Nothing is delivered twice, whatever the writes do later.
    log.deliverUnwritten();
    expect(seen).toHaveLength(3);
  });

  it("an SSE reader of the executing process gets an event only once the table has it", async () => {
    const runId = randomUUID();
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    writeFault.hook = (id) => (id === runId ? held : Promise.resolve());
    const log = runEventLog(runId, { create: true });
    if (!log) throw new Error("no log");
    log.append({ type: "run_started" });
    log.append({ type: "text_delta", text: "a" });
    const response = await streamRunEvents({
      ownerId: "owner",
      runId,
      afterSeq: -1,
      signal: new AbortController().signal,
    });
    const reader = response.body?.getReader();
    if (!reader) throw new Error("no stream");
    const firstRead = reader.read();
    // Three flush periods go by with the write held: nothing reaches the reader.
    const early = await Promise.race([
      firstRead,
      new Promise((resolve) => setTimeout(() => resolve("nothing"), 150)),
    ]);
    expect(early).toBe("nothing");
    expect(table.get(runId)).toBeUndefined();
    release();
    const first = await firstRead;
    const text = new TextDecoder().decode(first.value);
    expect(text).toContain("id: 0\n");
    // Every seq the reader holds is in the table at that moment.
    const stored = (table.get(runId) ?? []).map((row) => row.seq);
    for (const match of text.matchAll(/^id: (\d+)$/gm)) expect(stored).toContain(Number(match[1]));
    await reader.cancel();
  });

  it("ends its readers with replay_unavailable at a write given up, never delivering past it", async () => {
    // The window outlives the retries below, so it is not what sends readers to the table.
    process.env.RUN_EVENT_BUFFER_MAX_AGE_SECONDS = "600";
    resetEnvForTests();
    vi.useFakeTimers();
    const runId = randomUUID();
    // The database refuses seq 2 and 3 for good; later writes succeed again.
    writeFault.hook = async (id, seqs) => {
      if (id === runId && seqs.some((seq) => seq === 2 || seq === 3)) throw new Error("gone");
    };
    const log = runEventLog(runId, { create: true });
    if (!log) throw new Error("no log");
    const lostAt: number[] = [];
    log.subscribe(
      () => {},
      (first) => lostAt.push(first.seq),
    );
    log.append({ type: "run_started" });
    log.append({ type: "text_delta", text: "a" });
    await vi.advanceTimersByTimeAsync(60);
    const live = streamRunEvents({
      ownerId: "owner",
      runId,
      afterSeq: -1,
      signal: new AbortController().signal,
    }).then(readSse);
    await vi.advanceTimersByTimeAsync(0);
    log.append({ type: "text_delta", text: "b" });
    log.append({ type: "text_delta", text: "c" });
    // Past every retry of the writer (≈ 1 minute): the batch of seq 2–3 is given up.
    await vi.advanceTimersByTimeAsync(70_000);
    expect(lostAt).toEqual([2]);
    log.append({ type: "run_completed" });
    await log.persisted();
    // seq 4 is in the table, but no reader of this log gets it: it would skip the hole.
    expect((table.get(runId) ?? []).map((row) => row.seq)).toEqual([0, 1, 4]);
    expect(log.readAfter(-1)?.map((event) => event.seq)).toEqual([0, 1]);
    const events = await live;
    expect(events.map((event) => event.event)).toEqual([
      "run_started",
      "text_delta",
      "replay_unavailable",
    ]);
    expect(events.at(-1)?.data).toMatchObject({ run_id: runId, seq: 2 });
    // A reader that connects later gets the same: up to the hole, then replay_unavailable.
    const later = await readSse(
      await streamRunEvents({
        ownerId: "owner",
        runId,
        afterSeq: 0,
        signal: new AbortController().signal,
      }),
    );
    expect(later.map((event) => [event.event, event.data.seq])).toEqual([
      ["text_delta", 1],
      ["replay_unavailable", 2],
    ]);
  });
});
