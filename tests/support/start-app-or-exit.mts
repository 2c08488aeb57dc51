// Child process for the start-failure tests: runs the app's real start-up hook (instrumentation
// register → startServer) with the environment the test gives it, as `next dev` would.
import { register } from "../../instrumentation";

process.env.NEXT_RUNTIME = "nodejs";
await register();
const { getDatabaseConnection, closeDatabaseConnection } = await import(
  "../../lib/db/database-connection"
);
const connection = await getDatabaseConnection();
process.stdout.write(`${JSON.stringify({ ready: true, mode: connection.mode })}\n`);
await closeDatabaseConnection();
process.exit(0);
