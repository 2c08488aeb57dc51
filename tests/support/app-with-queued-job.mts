// Child process for the embedded-worker test: runs the app's real start-up hook (instrumentation
// register → startServer) with the environment the test gives it — the embedded database, the
// in-app worker off — then enqueues one diagnostic job and prints each status it sees as a JSON
// line, until SIGTERM (the app's own shutdown hook then stops the embedded database).
import { register } from "../../instrumentation";

process.env.NEXT_RUNTIME = "nodejs";
await register();
const { createJobOwner } = await import("./job-fixtures");
const { enqueueJob } = await import("../../lib/jobs/enqueue-job");
const { readJobStatus } = await import("../../lib/jobs/read-job-status");
const { getDb } = await import("../../lib/db/client");

const owner = await createJobOwner("embedded-worker");
const { jobId } = await enqueueJob({
  ...owner,
  kind: "diagnostic.sleep",
  input: { duration_ms: 300, steps: 3, result: { worked_by: "npm run worker" } },
});
process.stdout.write(`${JSON.stringify({ queued: jobId })}\n`);
let last = "";
for (;;) {
  const status = await readJobStatus({ ownerId: owner.ownerId, jobId });
  if (status.status !== last) {
    last = status.status;
    const row = await (await getDb()).job.findUniqueOrThrow({ where: { id: jobId } });
    process.stdout.write(
      `${JSON.stringify({ status: status.status, result: status.result ?? null, worker_id: row.workerId })}\n`,
    );
  }
  await new Promise((resolve) => setTimeout(resolve, 200));
}
