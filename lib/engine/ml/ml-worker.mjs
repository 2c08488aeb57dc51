// Runs one training or inference off the main thread, driven by run-ml-in-worker.ts. Plain
// JavaScript because Node loads a worker's entry itself. The kernels stay TypeScript: Node 20
// does not apply `--import` loaders (tsx's included) inside worker threads, so the worker
// loads them through tsx's CommonJS API, which works under vitest, tsx and plain node.
import { createRequire } from "node:module";
import { parentPort } from "node:worker_threads";

const require = createRequire(import.meta.url);
const { handleMlWorkerRequest } = require("tsx/cjs/api").require(
  "./ml-worker-handler.ts",
  import.meta.url,
);

parentPort.once("message", async (request) => {
  try {
    const result = await handleMlWorkerRequest({
      request,
      onProgress: (progress) => parentPort.postMessage({ kind: "progress", progress }),
    });
    parentPort.postMessage({ kind: "result", result });
  } catch (error) {
    const code = error && typeof error === "object" && "code" in error ? error.code : undefined;
    const details =
      error && typeof error === "object" && "details" in error ? error.details : undefined;
    const message = error instanceof Error ? error.message : String(error);
    parentPort.postMessage({ kind: "error", error: { code, message, details } });
  }
});
