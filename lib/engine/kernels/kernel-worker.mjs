// A kernel worker thread of the pool in kernel-pool.ts. Plain JavaScript because Node loads a
// worker's entry itself; the kernels stay TypeScript, loaded through tsx's CommonJS API as the
// ML worker does (Node 20 applies no `--import` loader inside worker threads).
import { createRequire } from "node:module";
import { parentPort } from "node:worker_threads";

const require = createRequire(import.meta.url);
const { createKernelWorkerHandler } = require("tsx/cjs/api").require(
  "./kernel-worker-handler.ts",
  import.meta.url,
);

const handle = createKernelWorkerHandler();
parentPort.on("message", async (request) => {
  const response = await handle(request);
  if (response) parentPort.postMessage(response);
});
parentPort.postMessage({ kind: "ready" });
