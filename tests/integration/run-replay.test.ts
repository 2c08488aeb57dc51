import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as runEventsRoute from "@/app/api/runs/[run_id]/events/route";
import * as runRoute from "@/app/api/runs/[run_id]/route";
import { insertUser } from "@/lib/db/queries/users";
import { createSession } from "@/lib/sessions/create-session";
import { actingAs, routeContext } from "../support/route-request";
import { type RunHarness, startRunHarness } from "../support/run-harness";

// Trimming of the window (RUN_EVENT_BUFFER_MAX_EVENTS ≥ 100) is unit-tested in
// lib/runs/events/run-event-log.test.ts: a local-rules run on the karate club stays below 100 events.

type SseEvent = { id?: string; event?: string; data: Record<string, unknown> & { seq: number } };

// Three batches of bridging analysis: ~70 events, so a resume has plenty left to deliver.
const longQuestion = "find the key nodes that connect several communities";
let harness: RunHarness;
let userId: string;
let strangerId: string;

beforeAll(async () => {
  harness = await startRunHarness();
  userId = harness.userId;
  strangerId = (await insertUser({ email: `rp-${randomUUID()}@test.local`, displayName: "x" })).id;
}, 120_000);

afterAll(async () => {
  await harness?.close();
});

async function startRun(message: string): Promise<string> {
  const session = await createSession({ ownerId: userId, projectId: harness.projectId });
  const started = await harness.startRun(session.session_id, message, { model: "local-rules" });
  expect(started.status).toBe(202);
  return started.body.run_id as string;
}

function openEvents(input: {
  runId: string;
  query?: string;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}) {
  return runEventsRoute.GET(
    new Request(`http://test.local/x${input.query ?? ""}`, {
      headers: input.headers ?? actingAs(userId),
      signal: input.signal,
    }),
    routeContext({ run_id: input.runId }),
  );
}

/** Reads SSE events until the stream ends or `limit` were read, then lets go of the body. */
async function readEvents(response: Response, limit = Number.POSITIVE_INFINITY) {
  expect(response.status).toBe(200);
  if (!response.body) throw new Error("no event stream");
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const events: SseEvent[] = [];
  let buffer = "";
  while (events.length < limit) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
      const lines = buffer.slice(0, end).split("\n");
      buffer = buffer.slice(end + 2);
      const field = (name: string) =>
        lines.find((line) => line.startsWith(`${name}: `))?.slice(name.length + 2);
      const data = field("data");
      if (data === undefined || events.length >= limit) continue;
      events.push({ id: field("id"), event: field("event"), data: JSON.parse(data) });
    }
  }
  await reader.cancel();
  return events;
}

const seqs = (events: SseEvent[]) => events.map((event) => event.data.seq);

describe("run event replay (EV-1, EV-2)", () => {
  it("resumes after a disconnect from after_seq and from Last-Event-ID without gap or duplicate", async () => {
    const runId = await startRun(longQuestion);
    // A reader that follows the whole run live, for comparison with a reader after the end.
    const live = openEvents({ runId, query: "?after_seq=-1" }).then((r) => readEvents(r));

    const disconnect = new AbortController();
    const first = await readEvents(
      await openEvents({ runId, query: "?after_seq=-1", signal: disconnect.signal }),
      10,
    );
    disconnect.abort();
    expect(seqs(first)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);

    const [byQuery, byHeader] = await Promise.all([
      openEvents({ runId, query: "?after_seq=9" }).then((r) => readEvents(r)),
      openEvents({ runId, headers: { ...actingAs(userId), "last-event-id": "9" } }).then((r) =>
        readEvents(r),
      ),
    ]);
    const liveEvents = await live;
    const finished = await readEvents(await openEvents({ runId }));

    expect(finished.length).toBeGreaterThanOrEqual(15);
    expect(seqs(finished)).toEqual(finished.map((_, index) => index));
    expect(finished.every((event) => event.id === String(event.data.seq))).toBe(true);
    expect(finished.at(-1)?.event).toBe("run_completed");
    expect(finished.filter((event) => event.event === "run_completed")).toHaveLength(1);
    expect([...first, ...byQuery]).toEqual(finished);
    expect([...first, ...byHeader]).toEqual(finished);
    // Reading a finished run gives exactly what a live reader saw: same seq, type and data.
    expect(finished).toEqual(liveEvents);

    // The disconnected reader did not disturb the run.
    const snapshot = await runRoute.GET(
      new Request("http://test.local/x", { headers: actingAs(userId) }),
      routeContext({ run_id: runId }),
    );
    expect(await snapshot.json()).toMatchObject({ run_status: "completed", can_send: true });
  }, 60_000);

  it("refuses a cursor past the last event with 410 REPLAY_UNAVAILABLE and ends a caught-up stream", async () => {
    const runId = await startRun("rank the top 5 nodes by pagerank");
    const all = await readEvents(await openEvents({ runId }));
    const lastSeq = all.at(-1)?.data.seq ?? -1;
    expect(all.at(-1)?.event).toBe("run_completed");

    const beyond = await openEvents({ runId, query: `?after_seq=${lastSeq + 1}` });
    expect(beyond.status).toBe(410);
    expect(await beyond.json()).toEqual({
      error: {
        code: "REPLAY_UNAVAILABLE",
        message: expect.any(String),
        details: { run_id: runId, after_seq: lastSeq + 1, snapshot_url: `/api/runs/${runId}` },
      },
    });
    const byHeader = await openEvents({
      runId,
      headers: { ...actingAs(userId), "last-event-id": String(lastSeq + 5) },
    });
    expect(byHeader.status).toBe(410);

    // A reader that already has the terminal event gets an empty stream that ends at once.
    expect(await readEvents(await openEvents({ runId, query: `?after_seq=${lastSeq}` }))).toEqual(
      [],
    );
    const malformed = await openEvents({ runId, query: "?after_seq=-2" });
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).error.code).toBe("INVALID_REQUEST");
  }, 60_000);

  it("answers 404 to another owner, whatever the cursor", async () => {
    const runId = await startRun("detect communities with louvain");
    await readEvents(await openEvents({ runId }));
    for (const request of [
      { query: "?after_seq=-1" },
      { query: "?after_seq=999" },
      { headers: { ...actingAs(strangerId), "last-event-id": "3" } },
    ]) {
      const refused = await openEvents({ runId, headers: actingAs(strangerId), ...request });
      expect(refused.status).toBe(404);
      expect((await refused.json()).error.code).toBe("NOT_FOUND");
    }
    const snapshot = await runRoute.GET(
      new Request("http://test.local/x", { headers: actingAs(strangerId) }),
      routeContext({ run_id: runId }),
    );
    expect(snapshot.status).toBe(404);
  }, 60_000);
});
