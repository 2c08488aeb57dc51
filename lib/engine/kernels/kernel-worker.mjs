// A kernel worker thread of the pool in kernel-pool.ts. Plain JavaScript because Node loads a
// worker's entry itself; the kernels stay TypeScript, loaded through tsx's CommonJS API as the
// ML worker does (Node 20 applies no `--import` loader inside worker threads).
import { readlinkSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import { parentPort } from "node:worker_threads";

// A kernel gives way to the thread that serves HTTP when they compete for a core: on Linux the
// nice value is per thread, and /proc/thread-self names this thread's id. Elsewhere, or if it
// fails, the worker keeps the process's priority.
try {
  const threadId = Number(readlinkSync("/proc/thread-self").split("/").pop());
  if (Number.isInteger(threadId) && threadId > 0) os.setPriority(threadId, kernelNiceness());
} catch {
  // Not Linux, or not allowed: run at the normal priority.
}

/** Ten steps below the process's own priority (never above 19, the lowest). */
function kernelNiceness() {
  return Math.min(19, os.getPriority() + 10);
}

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
