import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { getDb } from "../client";
import { runEventsChannel } from "../run-event-notifications";
import type { Transaction } from "../transaction";
import { transactionClient } from "../transaction-client";

// A run's persisted events (EV-1, EV-2): plain writes and reads. Batching, ordering and the
// stream that reads them are lib/runs (run-event-writer.ts, stream-run-events.ts).

/** One event as it is stored: the stream's envelope fields plus the whole event as sent. */
export type StoredRunEvent = {
  runId: string;
  seq: number;
  executionGeneration: number;
  type: string;
  data: unknown;
};

function json(value: unknown): Prisma.InputJsonValue {
  return JSON.parse(JSON.stringify(value ?? null)) as Prisma.InputJsonValue;
}

/**
 * Writes a batch of one run's events and announces the newest seq on `run_events`, in one
 * transaction: the notification is delivered at commit, so a listener that reads after it finds
 * the rows. Idempotent by (run, seq): a retried batch writes nothing twice.
 */
export async function insertRunEvents(runId: string, events: readonly StoredRunEvent[]) {
  if (events.length === 0) return;
  const db = await getDb();
  const lastSeq = Math.max(...events.map((event) => event.seq));
  await db.$transaction([
    db.runEvent.createMany({
      data: events.map((event) => ({
        runId,
        seq: event.seq,
        executionGeneration: event.executionGeneration,
        type: event.type,
        data: json(event.data),
      })),
      skipDuplicates: true,
    }),
    db.$executeRaw`SELECT pg_notify(${runEventsChannel}, ${`${runId}:${lastSeq}`})`,
  ]);
}

/** A run's events with seq > afterSeq, oldest first, at most `limit` of them. */
export async function readRunEventsAfter(input: {
  runId: string;
  afterSeq: number;
  limit: number;
}): Promise<{ seq: number; type: string; data: unknown }[]> {
  const db = await getDb();
  return db.runEvent.findMany({
    where: { runId: input.runId, seq: { gt: input.afterSeq } },
    orderBy: { seq: "asc" },
    take: input.limit,
    select: { seq: true, type: true, data: true },
  });
}

/** The newest stored event of a run (its seq and type), or null when none is stored. */
export async function findLastRunEvent(runId: string) {
  const db = await getDb();
  return db.runEvent.findFirst({
    where: { runId },
    orderBy: { seq: "desc" },
    select: { seq: true, type: true, data: true },
  });
}

/**
 * Appends one event after a run's last stored one inside the caller's transaction (the sweep
 * ends an interrupted run's stream this way, under the session lock) and moves the run's
 * `lastEventSeq` to it, so a later phase numbers on after it. Returns the event as stored.
 */
export async function appendRunEventInTransaction(
  transaction: Transaction,
  input: { runId: string; generation: number; payload: { type: string } & Record<string, unknown> },
) {
  const client = transactionClient(transaction);
  const last = await client.runEvent.findFirst({
    where: { runId: input.runId },
    orderBy: { seq: "desc" },
    select: { seq: true },
  });
  const run = await client.run.findUniqueOrThrow({
    where: { id: input.runId },
    select: { lastEventSeq: true },
  });
  const seq = Math.max(last?.seq ?? -1, run.lastEventSeq) + 1;
  const data = {
    ...input.payload,
    run_id: input.runId,
    seq,
    execution_generation: input.generation,
  };
  await client.runEvent.create({
    data: {
      runId: input.runId,
      seq,
      executionGeneration: input.generation,
      type: input.payload.type,
      data: json(data),
    },
  });
  await client.run.update({ where: { id: input.runId }, data: { lastEventSeq: seq } });
  await client.$executeRaw`SELECT pg_notify(${runEventsChannel}, ${`${input.runId}:${seq}`})`;
  return data;
}

/**
 * The stored events of the given types of the owner's runs, oldest first, with the time each
 * was written: where a run's phases began and ended, or when its tools started and finished.
 */
export async function listTimedRunEvents(input: {
  ownerId: string;
  runIds: string[];
  types: readonly string[];
}) {
  if (input.runIds.length === 0) return [];
  const db = await getDb();
  return db.runEvent.findMany({
    where: {
      runId: { in: input.runIds },
      run: { ownerId: input.ownerId },
      type: { in: [...input.types] },
    },
    orderBy: [{ runId: "asc" }, { seq: "asc" }],
    select: {
      runId: true,
      seq: true,
      executionGeneration: true,
      type: true,
      data: true,
      createdAt: true,
    },
  });
}

/**
 * Per run, the time of its last event that is not one of `exceptTypes`: when an interrupted run
 * last showed it was working (its INTERRUPTED end is written later, by whoever found it lost).
 */
export async function findLastRunEventTimes(input: {
  ownerId: string;
  runIds: string[];
  exceptTypes: readonly string[];
}): Promise<Map<string, Date>> {
  if (input.runIds.length === 0) return new Map();
  const db = await getDb();
  const rows = await db.runEvent.groupBy({
    by: ["runId"],
    where: {
      runId: { in: input.runIds },
      run: { ownerId: input.ownerId },
      type: { notIn: [...input.exceptTypes] },
    },
    _max: { createdAt: true },
  });
  return new Map(
    rows.flatMap((row) => (row._max.createdAt ? [[row.runId, row._max.createdAt] as const] : [])),
  );
}
