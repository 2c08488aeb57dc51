// `npm run worker`: a job worker process beside the app (any number). It runs the same job kinds
// as the app's in-app worker, takes jobs from the graphile-worker queue and sweeps lost ones.
// Its database: DATABASE_URL when set (then on any machine that reaches that server), otherwise
// the embedded PostgreSQL the app runs in the same DATA_DIR — on this machine only, since that
// server listens on 127.0.0.1 — found through DATA_DIR/postgres (docs/jobs.md). Runs with
// `--conditions=react-server` so `server-only` modules load outside Next.

import { disconnectDb } from "../lib/db/client";
import {
  attachDatabaseConnection,
  closeDatabaseConnection,
  embeddedPostgresStateDirectory,
} from "../lib/db/database-connection";
import { getEnv } from "../lib/env";
import { closeJobQueue } from "../lib/jobs/job-queue";
import { startJobWorker, stopJobWorker } from "../lib/jobs/job-worker";
import { startRevisionWatches } from "../lib/runs/rerun/fire-watches";
import { builtinJobKinds } from "../lib/server/builtin-job-kinds";
import { startTracing, stopTracing } from "../lib/telemetry/start-tracing";

async function main(): Promise<void> {
  const env = getEnv();
  // Job spans, linked to their runs, when OTEL_EXPORTER_OTLP_ENDPOINT is set (docs/observability.md).
  const traces = startTracing({ process: "worker" });
  await attachDatabaseConnection({
    onWaiting: (reason) =>
      console.info(
        `job worker: waiting for the app to start the embedded PostgreSQL of DATA_DIR=${env.dataDirectory} (${reason}); set DATABASE_URL to use another server`,
      ),
  });
  await startJobWorker({ kinds: builtinJobKinds, concurrency: env.JOBS_CONCURRENCY });
  // Builds this worker finishes fire their dataset's watches too.
  await startRevisionWatches();
  const database = env.DATABASE_URL
    ? "DATABASE_URL"
    : `embedded PostgreSQL of ${embeddedPostgresStateDirectory()}`;
  console.info(
    `job worker ready (pid ${process.pid}, concurrency ${env.JOBS_CONCURRENCY}, database: ${database}${traces ? `, traces: ${traces.url}` : ""})`,
  );
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      // Running handlers see their signal abort; jobs left running are settled by a sweep.
      stopJobWorker()
        .then(() => closeJobQueue())
        .then(() => disconnectDb())
        .then(() => closeDatabaseConnection())
        .then(() => stopTracing())
        .catch((error) => console.error("worker shutdown:", error))
        .finally(() => process.exit(0));
    });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
