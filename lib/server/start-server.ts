import "server-only";
import { closeDatabaseConnection, getDatabaseConnection } from "@/lib/db/database-connection";
import { failAbandonedConstructions } from "@/lib/db/queries/constructions";
import { getEnv } from "@/lib/env";
import { startJobWorker } from "@/lib/jobs/job-worker";
import { assertJobWorkersCanReachDatabase } from "@/lib/jobs/job-worker-reachability";
import { reconcileRuns } from "@/lib/runs/final-state/reconcile-runs";
import { startRunSweep } from "@/lib/runs/final-state/run-sweep";
import { startRevisionWatches } from "@/lib/runs/rerun/fire-watches";
import { refuseUnsafeListenAddress } from "@/lib/security/refuse-unsafe-listen-address";
import { installBuiltinSkills } from "@/lib/skills/install-builtin-skills";
import { stopTracing } from "@/lib/telemetry/start-tracing";
import { removeAbandonedUploads } from "../datasets/remove-abandoned-uploads";
import { getDefaultOwner } from "../identity/default-owner";
import { getInternalServiceKey } from "../identity/internal-service-key";
import { builtinJobKinds } from "./builtin-job-kinds";
import { checkInternalServiceKey } from "./check-internal-service-key";

let shutdownHooked = false;

/** Start-up sequence of the app process (called from instrumentation.ts). */
export async function startServer(): Promise<void> {
  getEnv();
  refuseUnsafeListenAddress();
  getInternalServiceKey();
  const connection = await getDatabaseConnection();
  // With the in-app worker off, a database no `npm run worker` can reach would leave every job
  // queued forever: refuse to start instead (docs/jobs.md).
  await assertJobWorkersCanReachDatabase({ connection });
  await getDefaultOwner();
  // Instances and workers on one database must share INTERNAL_SERVICE_KEY (docs/deploy.md).
  if ((await checkInternalServiceKey()) === "differs") {
    console.warn(
      "workbench: INTERNAL_SERVICE_KEY does not open the provider keys saved in this database: every instance and worker on one database must use the same INTERNAL_SERVICE_KEY (docs/deploy.md); until then saved custom-model keys are unreadable and internal calls between processes are refused",
    );
  }
  // A build that was running when the last process died can never finish: say so.
  const { count } = await failAbandonedConstructions();
  if (count > 0) console.info(`workbench: marked ${count} interrupted construction(s) as failed`);
  // Uploads cut off by a crash leave partial files that nothing else would ever delete.
  const uploads = await removeAbandonedUploads();
  if (uploads.removed > 0) {
    console.info(`workbench: removed ${uploads.removed} abandoned partial upload(s)`);
  }
  // Built-in skills are copied into DATA_DIR/skills under normalised names (SK-2); a broken one
  // is left out with a warning and never stops the start.
  const skills = await installBuiltinSkills();
  if (skills.refused.length > 0) {
    console.warn(`workbench: built-in skill(s) left out: ${skills.refused.join(", ")}`);
  }
  // Staged final states are saved, runs whose executor died (this process restarted, or another
  // one stopped heartbeating) are interrupted instead of keeping their session busy forever.
  // Nothing is resumed (PS-4).
  const runs = await reconcileRuns();
  if (runs.repaired + runs.interrupted + runs.cancelled > 0) {
    console.info(
      `workbench: runs reconciled — ${runs.repaired} saved from staging, ${runs.interrupted} interrupted, ${runs.cancelled} paused run(s) cancelled`,
    );
  }
  // Executors that die after start-up (here or in another process) are caught by the sweep.
  startRunSweep();
  // Watched conversations are asked again when their dataset gets a new revision; revisions
  // that became ready while nothing listened are caught up now.
  await startRevisionWatches();
  // One command runs everything: the app works jobs too (JOBS_WORKER_IN_APP=false leaves them to
  // `npm run worker` processes). The worker's sweep settles jobs of workers that died.
  if (getEnv().JOBS_WORKER_IN_APP) await startJobWorker({ kinds: builtinJobKinds });
  else {
    console.info(
      connection.mode === "embedded"
        ? `workbench: jobs wait for \`npm run worker\` on this machine with DATA_DIR=${getEnv().dataDirectory}`
        : "workbench: jobs wait for `npm run worker` processes with the same DATABASE_URL",
    );
  }
  console.info(`workbench: database ready (${connection.mode})`);
  hookShutdown();
}

/** Stops the embedded database with the app, whichever signal ends it. */
function hookShutdown(): void {
  if (shutdownHooked) return;
  shutdownHooked = true;
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      // Spans still in the batch are sent before the process goes (none without tracing).
      Promise.all([
        closeDatabaseConnection().catch((error) =>
          console.error("shutdown: could not stop the database:", error),
        ),
        stopTracing(),
      ]).finally(() => process.exit(0));
    });
  }
}
