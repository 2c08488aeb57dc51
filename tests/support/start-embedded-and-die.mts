// Child process for the orphan test: starts an embedded server, reports it, then dies by
// SIGKILL so no exit hook runs and postgres is left orphaned, as after a crash.
import { startEmbeddedPostgres } from "../../lib/db/embedded-postgres";

const [directory, port] = process.argv.slice(2);
const handle = await startEmbeddedPostgres({ directory, port: Number(port), database: "orphan" });
process.stdout.write(`${JSON.stringify({ pid: handle.postmasterPid, port: handle.port })}\n`);
process.kill(process.pid, "SIGKILL");
