import type { Prisma } from "@/generated/prisma/client";
import { getDb } from "../client";

/** Whose session graph state: the session must belong to the owner for any read or write. */
type SessionGraphScope = { ownerId: string; sessionId: string };

/**
 * The persisted generation of a session's graph state, or null when none is persisted: one
 * primary-key read, made before every graph tool call to tell whether this process's copy is
 * current.
 */
export async function findSessionGraphGeneration(scope: SessionGraphScope) {
  const db = await getDb();
  const state = await db.sessionGraphState.findFirst({
    where: { sessionId: scope.sessionId, ownerId: scope.ownerId },
    select: { generation: true },
  });
  return state?.generation ?? null;
}

/** The session's graph state with the row of its current version (payload included). */
export async function findSessionGraphStateWithCurrentVersion(scope: SessionGraphScope) {
  const db = await getDb();
  const state = await db.sessionGraphState.findFirst({
    where: { sessionId: scope.sessionId, ownerId: scope.ownerId },
  });
  if (!state) return null;
  const current =
    state.currentVersion === null
      ? null
      : await db.sessionGraphVersion.findUnique({
          where: {
            sessionId_version: { sessionId: scope.sessionId, version: state.currentVersion },
          },
        });
  return { ...state, current };
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

/**
 * Saves a change of the session's graph state in one transaction: the state row (its generation
 * grows by one), the versions no longer kept dropped, and the new version if there is one.
 * Answers the new generation.
 */
export async function saveSessionGraphState(
  input: SessionGraphScope & {
    currentVersion: number | null;
    nextVersion: number;
    config: Prisma.InputJsonValue;
    newVersion?: SessionGraphVersionRow;
    /** Versions numbered up to this one are no longer kept; "all" after a clear. */
    dropVersions?: { upTo: number } | "all";
  },
) {
  const db = await getDb();
  return db.$transaction(async (transaction) => {
    const state = await transaction.sessionGraphState.upsert({
      where: { sessionId: input.sessionId },
      create: {
        sessionId: input.sessionId,
        ownerId: input.ownerId,
        currentVersion: input.currentVersion,
        nextVersion: input.nextVersion,
        config: input.config,
      },
      update: {
        currentVersion: input.currentVersion,
        nextVersion: input.nextVersion,
        config: input.config,
        generation: { increment: 1 },
      },
      select: { generation: true },
    });
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
    return state.generation;
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
