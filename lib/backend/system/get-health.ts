import "server-only";
import { getDatabaseConnection } from "@/lib/db/database-connection";
import { pingDatabase } from "@/lib/db/queries/health";

/** Liveness of the app and its database; never throws, reports the failure instead. */
export async function getHealth() {
  try {
    const connection = await getDatabaseConnection();
    const { serverVersion } = await pingDatabase();
    return {
      ok: true,
      db: { ok: true, mode: connection.mode, server_version: serverVersion },
      engine: { ok: false, reason: "the graph engine is not available in this version yet" },
    };
  } catch (error) {
    console.error("health check: database unreachable:", error);
    return {
      ok: false,
      db: { ok: false, error: "The database is not reachable." },
      engine: { ok: false, reason: "the graph engine is not available in this version yet" },
    };
  }
}
