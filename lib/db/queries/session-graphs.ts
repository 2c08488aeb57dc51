import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { getDb } from "../client";

/** Whose session graph state: the session must belong to the owner for any read or write. */
type SessionGraphScope = { ownerId: string; sessionId: string };

/**
 * The persisted generation of a session's graph state, or null when none is persisted: one
 * primary-key read, made before every graph tool call to tell whether this process's copy is
 * current. Generations are bigint in the table; a number is exact up to 2^53 writes.
 */
export async function findSessionGraphGeneration(scope: SessionGraphScope) {
  const db = await getDb();
  const state = await db.sessionGraphState.findFirst({
    where: { sessionId: scope.sessionId, ownerId: scope.ownerId },
    select: { generation: true },
  });
  return state ? Number(state.generation) : null;
}

/** The session's graph state with the row of its current version (payload included). */
export async function findSessionGraphStateWithCurrentVersion(scope: SessionGraphScope) {
  const db = await getDb();
  const state = await db.sessionGraphState.findFirst({
    where: { sessionId: scope.sessionId, ownerId: scope.ownerId },
  });
  if (!state) return null;
  const generation = Number(state.generation);
  const current =
    state.currentVersion === null
      ? null
      : await db.sessionGraphVersion.findUnique({
          where: {
            sessionId_version: { sessionId: scope.sessionId, version: state.currentVersion },
          },
        });
  return { ...state, generation, current };
}

/** A graph version as persisted; `payload` only for a version that is no saved revision. */
export type SessionGraphVersionRow = {
  version: number;
  originKind: string;
  datasetId: string | null;
  revision: number | null;
  fromVersion: number | null;
  payload: Uint8Array<ArrayBuffer> | null;
  payloadFormat: string | null;
  payloadSha256: string | null;
  loadedAt: Date;
};

/** What a save answered: the state's new generation, or that another write came first. */
export type SessionGraphSaveOutcome =
  | { saved: true; generation: number }
  /** Nothing was written; `generation` is the persisted one now (null: no state persisted). */
  | { saved: false; generation: number | null };

/**
 * Saves a change of the session's graph state in one transaction — the state row with a new
 * generation, the versions no longer kept dropped, the new version if there is one — only if
 * the persisted generation is still `expectedGeneration`, the one the change was derived from
 * (null: none persisted, the row is created). Otherwise nothing is written: another instance
 * saved since, and its state must not be overwritten with one derived from an older copy.
 *
 * The check and the write are one conditional UPDATE (or an INSERT … ON CONFLICT DO NOTHING):
 * of two instances saving from the same generation, the second waits for the first's row lock,
 * then finds the generation moved and updates nothing.
 */
export async function saveSessionGraphState(
  input: SessionGraphScope & {
    expectedGeneration: number | null;
    currentVersion: number | null;
    nextVersion: number;
    config: Prisma.InputJsonValue;
    newVersion?: SessionGraphVersionRow;
    /** Versions numbered up to this one are no longer kept; "all" after a clear. */
    dropVersions?: { upTo: number } | "all";
  },
): Promise<SessionGraphSaveOutcome> {
  const db = await getDb();
  return db.$transaction(async (transaction) => {
    const written =
      input.expectedGeneration === null
        ? await transaction.sessionGraphState.createManyAndReturn({
            data: [
              {
                sessionId: input.sessionId,
                ownerId: input.ownerId,
                currentVersion: input.currentVersion,
                nextVersion: input.nextVersion,
                config: input.config,
              },
            ],
            skipDuplicates: true,
            select: { generation: true },
          })
        : await transaction.$queryRaw<{ generation: bigint }[]>`
            UPDATE "session_graph_states"
            SET "currentVersion" = ${input.currentVersion}::integer,
                "nextVersion" = ${input.nextVersion}::integer,
                "config" = ${JSON.stringify(input.config)}::jsonb,
                "generation" = nextval('session_graph_states_generation_seq'),
                "updatedAt" = now() AT TIME ZONE 'UTC'
            WHERE "sessionId" = ${input.sessionId}
              AND "ownerId" = ${input.ownerId}
              AND "generation" = ${BigInt(input.expectedGeneration)}
            RETURNING "generation"`;
    if (written.length === 0) {
      const now = await transaction.sessionGraphState.findFirst({
        where: { sessionId: input.sessionId, ownerId: input.ownerId },
        select: { generation: true },
      });
      return { saved: false, generation: now ? Number(now.generation) : null };
    }
    if (input.dropVersions) {
      await transaction.sessionGraphVersion.deleteMany({
        where: {
          sessionId: input.sessionId,
          ...(input.dropVersions === "all" ? {} : { version: { lte: input.dropVersions.upTo } }),
        },
      });
    }
    if (input.newVersion) {
      // A version number is reused only after delete_graph_session restarted the numbering.
      await transaction.sessionGraphVersion.upsert({
        where: {
          sessionId_version: { sessionId: input.sessionId, version: input.newVersion.version },
        },
        create: { sessionId: input.sessionId, ...input.newVersion },
        update: input.newVersion,
      });
    }
    return { saved: true, generation: Number(written[0].generation) };
  });
}

/** Forgets the session's persisted graph state and versions; whether there was any. */
export async function deleteSessionGraphState(scope: SessionGraphScope) {
  const db = await getDb();
  const deleted = await db.sessionGraphState.deleteMany({
    where: { sessionId: scope.sessionId, ownerId: scope.ownerId },
  });
  return { deleted: deleted.count > 0 };
}
