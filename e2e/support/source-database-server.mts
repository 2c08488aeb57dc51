// Child process of e2e/support/source-database.ts: starts a scratch embedded PostgreSQL and
// prints `{"url": …}` once it accepts connections, then stops it on SIGTERM. A child because
// lib/db is server-only: it loads with `--conditions=react-server`, which the Playwright
// process itself cannot take (its Next server must not).
import { startEmbeddedPostgres } from "../../lib/db/embedded-postgres";

const [directory, port] = process.argv.slice(2);
const server = await startEmbeddedPostgres({
  directory,
  port: Number(port),
  database: "postgres",
});
process.stdout.write(`${JSON.stringify({ url: server.connectionString })}\n`);
process.on("SIGTERM", () => {
  void server.stop().finally(() => process.exit(0));
});
