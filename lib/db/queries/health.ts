import "server-only";
import { getDb } from "../client";

/** Round-trips one query; throws when the database is unreachable. */
export async function pingDatabase(): Promise<{ serverVersion: string }> {
  const db = await getDb();
  const rows = await db.$queryRaw<{ server_version: string }[]>`SHOW server_version`;
  return { serverVersion: rows[0]?.server_version ?? "unknown" };
}
