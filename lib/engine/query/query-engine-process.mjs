// One graph version's SQL engine, in a process of its own, driven by query-engine-client.ts.
// A process rather than a thread because DuckDB cannot always be interrupted (one huge
// list_sort or levenshtein call runs to its end): a process can always be killed. Plain
// JavaScript because Node loads it itself; the TypeScript is loaded through tsx's CommonJS
// API, which works under vitest, tsx, `next start` and plain node (as ml-worker.mjs does).
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const { createQueryEngineHandler } = require("tsx/cjs/api").require(
  "./query-engine-handler.ts",
  import.meta.url,
);

const handle = createQueryEngineHandler({ send: (reply) => process.send(reply) });
process.on("message", handle);
// The server went away (or killed its end): nothing is left to answer.
process.on("disconnect", () => process.exit(0));
