// `npm run worker`: a job worker process beside the app (any number, on any machine that
// reaches the database). It runs the same job kinds as the app's in-app worker, takes jobs from
// the graphile-worker queue in DATABASE_URL's database and sweeps lost ones. Runs with
// `--conditions=react-server` so `server-only` modules load outside Next.

import { disconnectDb } from "../lib/db/client";
import { closeDatabaseConnection, getDatabaseConnection } from "../lib/db/database-connection";
import { getEnv } from "../lib/env";
import { closeJobQueue } from "../lib/jobs/job-queue";
import { startJobWorker, stopJobWorker } from "../lib/jobs/job-worker";

async function main(): Promise<void> {
  const env = getEnv();
  // The embedded PostgreSQL belongs to the app process (one data directory, one server); with
  // it, the app's in-app worker already runs every job.
  if (!env.DATABASE_URL) {
    throw new Error(
      "npm run worker needs DATABASE_URL: without it the app uses its embedded PostgreSQL and works jobs itself.",
    );
  }
  await getDatabaseConnection();
  await startJobWorker({ concurrency: env.JOBS_CONCURRENCY });
  console.info(`job worker ready (pid ${process.pid}, concurrency ${env.JOBS_CONCURRENCY})`);
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      // Running handlers see their signal abort; jobs left running are settled by a sweep.
      stopJobWorker()
        .then(() => closeJobQueue())
        .then(() => disconnectDb())
        .then(() => closeDatabaseConnection())
        .catch((error) => console.error("worker shutdown:", error))
        .finally(() => process.exit(0));
    });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
