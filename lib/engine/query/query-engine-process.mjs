// One graph version's SQL engine, in a process of its own, driven by query-engine-client.ts.
// A process rather than a thread because DuckDB cannot always be interrupted (one huge
// list_sort or levenshtein call runs to its end): a process can always be killed. Plain
// JavaScript because Node loads it itself; the TypeScript is loaded through tsx's CommonJS
// API, which works under vitest, tsx, `next start` and plain node (as ml-worker.mjs does).
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

const require = createRequire(import.meta.url);
const { createQueryEngineHandler } = require("tsx/cjs/api").require(
  "./query-engine-handler.ts",
  import.meta.url,
);

const handle = createQueryEngineHandler({ send: (reply) => process.send(reply) });
process.on("message", handle);
// The server went away (or killed its end): nothing is left to answer, and the database is in
// memory only. SIGKILL, not process.exit: exit runs DuckDB's teardown, which waits for a running
// query to end (a cross join ran on for minutes after its server was killed -9).
const stop = () => process.kill(process.pid, "SIGKILL");
process.on("disconnect", stop);
// Should a query ever hold this thread, "disconnect" would not be seen: a watchdog thread also
// ends the process within half a second of the server's death, seen as this process's parent
// changing (an orphan is re-parented at once, even when its parent lingers as a zombie).
new Worker(
  `const { workerData } = require("node:worker_threads");
   setInterval(() => {
     if (process.ppid !== workerData.parent) process.kill(process.pid, "SIGKILL");
   }, 500);`,
  { eval: true, workerData: { parent: process.ppid } },
).unref();
