import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as runEventsRoute from "@/app/api/runs/[run_id]/events/route";
import type { RunEvent } from "@/lib/contracts/run-event";
import { readRunEventsAfter } from "@/lib/db/queries/run-events";
import { runEventLog } from "@/lib/runs/events/run-event-log";
import { createSession } from "@/lib/sessions/create-session";
import { actingAs, routeContext } from "../support/route-request";
import { type RunHarness, startRunHarness } from "../support/run-harness";

// Persist before deliver (EV-1, EV-2): the executing instance hands an event to its SSE readers
// only once the batch holding it is written to run_events, so whatever a browser saw is still
// there if that process dies, and a reconnect to any instance goes on from it.

// Three batches of bridging analysis: ~70 events over several engine calls.
const longQuestion = "find the key nodes that connect several communities";

let harness: RunHarness;
// The engine waits on this before answering: the test holds the run mid-flight with it.
let hold: Promise<void> | undefined;

beforeAll(async () => {
  harness = await startRunHarness({ engineGate: () => hold ?? Promise.resolve() });
}, 120_000);

afterAll(async () => {
  await harness?.close();
});

/** Follows an SSE response: `received` grows as events arrive; `ended` resolves at its end. */
function follow(response: Response) {
  expect(response.status).toBe(200);
  const reader = response.body?.getReader();
  if (!reader) throw new Error("no event stream");
  const received: RunEvent[] = [];
  const ended = (async () => {
    const decoder = new TextDecoder();
    let buffer = "";
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return received;
      buffer += decoder.decode(value, { stream: true });
      for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
        const data = buffer
          .slice(0, end)
          .split("\n")
          .find((line) => line.startsWith("data: "));
        buffer = buffer.slice(end + 2);
        if (data) received.push(JSON.parse(data.slice(6)) as RunEvent);
      }
    }
  })();
  return { received, ended, stop: () => reader.cancel() };
}

async function openEvents(runId: string, afterSeq: number) {
  return runEventsRoute.GET(
    new Request("http://test.local/x", {
      headers: { ...actingAs(harness.userId), "last-event-id": String(afterSeq) },
    }),
    routeContext({ run_id: runId }),
  );
}

async function storedSeqs(runId: string): Promise<number[]> {
  const rows = await readRunEventsAfter({ runId, afterSeq: -1, limit: 10_000 });
  return rows.map((row) => row.seq);
}

const seqs = (events: RunEvent[]) => events.map((event) => event.seq);

describe("run events persisted before they are delivered (EV-1, EV-2)", () => {
  it("every seq an SSE client of the executing instance received is in run_events at that moment", async () => {
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
    const log = runEventLog(runId);
    if (!log) throw new Error("this process does not execute the run");
    const live = follow(await openEvents(runId, -1));
    await expect.poll(() => live.received.length, { timeout: 10_000 }).toBeGreaterThan(0);

    // The write path stops: an EXCLUSIVE lock on run_events lets reads through and holds every
    // insert, as a database that stalls (or a process about to die) would.
    const lock = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await lock.connect();
    let locked = false;
    try {
      await lock.query("BEGIN");
      await lock.query("LOCK TABLE run_events IN EXCLUSIVE MODE");
      locked = true;
      const storedAtLock = await storedSeqs(runId);
      release();
      hold = undefined;
      // The executor goes on numbering events that cannot be written…
      const lastStored = storedAtLock.at(-1) ?? -1;
      await expect
        .poll(() => log.upcomingSeq, { timeout: 20_000 })
        .toBeGreaterThan(lastStored + 10);
      // …and well past one flush (50 ms) later no reader has any of them. A reader that connects
      // now replays from memory only what is written, too.
      const late = follow(await openEvents(runId, -1));
      await new Promise((resolve) => setTimeout(resolve, 300));
      const stored = await storedSeqs(runId);
      expect(stored).toEqual(storedAtLock);
      expect(live.received.length).toBeGreaterThan(0);
      for (const seq of seqs(live.received)) expect(stored).toContain(seq);
      for (const seq of seqs(late.received)) expect(stored).toContain(seq);
      expect(seqs(live.received)).toEqual(stored);
      expect(seqs(late.received)).toEqual(stored);
      await late.stop();
      await lock.query("COMMIT");
      locked = false;
    } finally {
      if (locked) await lock.query("ROLLBACK").catch(() => {});
      await lock.end();
      release();
      hold = undefined;
    }

    // Writes resume: the reader gets the rest, without gap or duplicate, and ends at the
    // terminal event; the table holds exactly what it received.
    const events = await live.ended;
    expect(seqs(events)).toEqual(events.map((_, index) => index));
    expect(events.at(-1)?.type).toBe("run_completed");
    const rows = await readRunEventsAfter({ runId, afterSeq: -1, limit: 10_000 });
    expect(rows.map((row) => row.data)).toEqual(events);
  }, 90_000);
});
