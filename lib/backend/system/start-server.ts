import "server-only";
import { closeDatabaseConnection, getDatabaseConnection } from "@/lib/db/database-connection";
import { failAbandonedConstructions } from "@/lib/db/queries/constructions";
import { interruptAbandonedRuns } from "@/lib/db/queries/runs";
import { getEnv } from "@/lib/env";
import { executorId } from "@/lib/runs/executor-id";
import { runHeartbeatMs } from "@/lib/runs/launch-run";
import { getDefaultOwner } from "../identity/default-owner";
import { getInternalServiceKey } from "../identity/internal-service-key";

let shutdownHooked = false;

/** Start-up sequence of the app process (called from instrumentation.ts). */
export async function startServer(): Promise<void> {
  getEnv();
  getInternalServiceKey();
  const connection = await getDatabaseConnection();
  await getDefaultOwner();
  // A build that was running when the last process died can never finish: say so.
  const { count } = await failAbandonedConstructions();
  if (count > 0) console.info(`workbench: marked ${count} interrupted construction(s) as failed`);
  // Runs whose executor died (this process restarted, or another one stopped heartbeating) can
  // never finish; they would keep their session busy forever. Nothing is resumed (PS-4).
  const runs = await interruptAbandonedRuns({
    executorId: executorId(),
    staleAfterMs: 3 * runHeartbeatMs,
  });
  if (runs.count > 0)
    console.info(`workbench: marked ${runs.count} abandoned run(s) as interrupted`);
  console.info(`workbench: database ready (${connection.mode})`);
  hookShutdown();
}

/** Stops the embedded database with the app, whichever signal ends it. */
function hookShutdown(): void {
  if (shutdownHooked) return;
  shutdownHooked = true;
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      closeDatabaseConnection()
        .catch((error) => console.error("shutdown: could not stop the database:", error))
        .finally(() => process.exit(0));
    });
  }
}
