import "server-only";
import type { WorkspaceArea } from "@/generated/prisma/client";
import { getDb } from "../client";

/** The key of `Session.state` that holds the session's workspace environment variables. */
export const sessionEnvironmentStateKey = "workspace_environment";

/** The session row a workspace belongs to, only if it belongs to the owner. */
export async function findWorkspaceSession(input: { ownerId: string; sessionId: string }) {
  const db = await getDb();
  return db.session.findFirst({
    where: { id: input.sessionId, ownerId: input.ownerId },
    select: { id: true, ownerId: true, projectId: true, state: true },
  });
}

/** Stored uploads of one project of the owner: what the Uploaded area mirrors. */
export async function listProjectUploads(input: { ownerId: string; projectId: string }) {
  const db = await getDb();
  return db.dataset.findMany({
    // A live database source has no file to show in the workspace.
    where: { ownerId: input.ownerId, projectId: input.projectId, kind: { not: "postgres" } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: {
      id: true,
      name: true,
      originalFilename: true,
      kind: true,
      bytes: true,
      checksum: true,
      storagePath: true,
    },
  });
}

/**
 * Rewrites the session's environment variables under the row lock. Only the one key of
 * `Session.state` is replaced (jsonb_set), so concurrent writers of other keys keep theirs.
 * Returns undefined when the session is not the owner's.
 */
export async function updateSessionEnvironmentState(input: {
  ownerId: string;
  sessionId: string;
  update: (current: unknown) => Record<string, string>;
}): Promise<Record<string, string> | undefined> {
  const db = await getDb();
  return db.$transaction(async (transaction) => {
    const rows = await transaction.$queryRaw<{ environment: unknown }[]>`
      SELECT state -> ${sessionEnvironmentStateKey} AS environment FROM sessions
      WHERE id = ${input.sessionId} AND "ownerId" = ${input.ownerId} FOR UPDATE`;
    const row = rows[0];
    if (!row) return undefined;
    const next = input.update(row.environment ?? undefined);
    await transaction.$executeRaw`
      UPDATE sessions
      SET state = jsonb_set(state, ARRAY[${sessionEnvironmentStateKey}]::text[], ${JSON.stringify(next)}::jsonb)
      WHERE id = ${input.sessionId}`;
    return next;
  });
}

/** Records (or refreshes) the row of an Ephemeral file written by the workspace writer. */
export async function upsertEphemeralFileRow(input: {
  ownerId: string;
  sessionId: string;
  path: string;
  checksum: string;
  bytes: number;
  storagePath: string;
}) {
  const db = await getDb();
  const key = { sessionId: input.sessionId, area: "Ephemeral" as const, path: input.path };
  // Ephemeral files are overwritable scratch: one row per path (version 1), refreshed in place.
  return db.workspaceFile.upsert({
    where: { sessionId_area_path_version: { ...key, version: 1 } },
    update: {
      checksum: input.checksum,
      bytes: input.bytes,
      storagePath: input.storagePath,
      createdAt: new Date(),
    },
    create: {
      ...key,
      ownerId: input.ownerId,
      version: 1,
      checksum: input.checksum,
      bytes: input.bytes,
      storagePath: input.storagePath,
    },
  });
}

/** The row of an Ephemeral file, if the workspace writer recorded one. */
export async function findEphemeralFileRow(input: { sessionId: string; path: string }) {
  const db = await getDb();
  return db.workspaceFile.findFirst({
    where: { sessionId: input.sessionId, area: "Ephemeral", path: input.path },
    orderBy: { version: "desc" },
  });
}

/**
 * Inserts the next Derived version of `path` under a per-path advisory lock. `place` receives
 * the newest version in the database, puts the file on disk (never overwriting) and returns
 * the version it used and its storage path; if it throws, no row is written.
 */
export async function insertNextDerivedVersion(input: {
  ownerId: string;
  sessionId: string;
  path: string;
  checksum: string;
  bytes: number;
  publishedFromId: string | null;
  place: (latestInDatabase: number) => Promise<{ version: number; storagePath: string }>;
}) {
  const db = await getDb();
  return db.$transaction(async (transaction) => {
    await transaction.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`workspace-derived:${input.sessionId}:${input.path}`}))`;
    const latest = await transaction.workspaceFile.aggregate({
      where: { sessionId: input.sessionId, area: "Derived", path: input.path },
      _max: { version: true },
    });
    const placed = await input.place(latest._max.version ?? 0);
    return transaction.workspaceFile.create({
      data: {
        ownerId: input.ownerId,
        sessionId: input.sessionId,
        area: "Derived",
        path: input.path,
        version: placed.version,
        checksum: input.checksum,
        bytes: input.bytes,
        storagePath: placed.storagePath,
        publishedFromId: input.publishedFromId,
      },
    });
  });
}

/** Rows of one area of a session (Derived: every published version), by path then version. */
export async function listWorkspaceFileRows(input: {
  ownerId: string;
  sessionId: string;
  area: WorkspaceArea;
}) {
  const db = await getDb();
  return db.workspaceFile.findMany({
    where: { ownerId: input.ownerId, sessionId: input.sessionId, area: input.area },
    orderBy: [{ path: "asc" }, { version: "asc" }],
  });
}

/** One workspace file row, only if it belongs to the owner (its session included). */
export async function findWorkspaceFileForOwner(input: { ownerId: string; fileId: string }) {
  const db = await getDb();
  return db.workspaceFile.findFirst({
    where: { id: input.fileId, ownerId: input.ownerId, session: { ownerId: input.ownerId } },
  });
}
