import "server-only";
import { getDatabaseConnection } from "@/lib/db/database-connection";
import { pingDatabase } from "@/lib/db/queries/health";
import { getEnv } from "@/lib/env";

/** Liveness of the app and its database; never throws, reports the failure instead. */
export async function getHealth() {
  try {
    const connection = await getDatabaseConnection();
    const { serverVersion } = await pingDatabase();
    return {
      ok: true,
      db: { ok: true, mode: connection.mode, server_version: serverVersion },
      engine: engineHealth(),
    };
  } catch (error) {
    console.error("health check: database unreachable:", error);
    return {
      ok: false,
      db: { ok: false, error: "The database is not reachable." },
      engine: engineHealth(),
    };
  }
}

/** The graph engine runs in this process (its MCP endpoint is /api/mcp unless GRAPH_ENGINE_URL moves it). */
function engineHealth() {
  const url = getEnv().GRAPH_ENGINE_URL;
  return url
    ? { ok: true, mode: "remote", url }
    : { ok: true, mode: "in-process", url: "/api/mcp" };
}
