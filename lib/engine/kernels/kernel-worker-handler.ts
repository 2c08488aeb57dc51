import { constructGraph } from "../construction/construct-graph";
import type { CsrGraph } from "../csr/csr-graph";
import { EngineError } from "../engine-error";
import { signalOfCancelFlag } from "./cancel-flag";
import { isKernelName, runKernelInline } from "./kernel-table";
import type {
  KernelWorkerFailure,
  KernelWorkerRequest,
  KernelWorkerResponse,
} from "./kernel-worker-protocol";
import { csrOfShared } from "./shared-csr";

/**
 * The worker side of the kernel pool: runs one request at a time and answers it. Snapshots are
 * kept by id so what a kernel derives and caches per snapshot object (the undirected view of a
 * directed graph) is built once per worker, not once per call; the pool says when to forget.
 */
export function createKernelWorkerHandler() {
  const graphs = new Map<number, CsrGraph>();
  return async function handle(request: KernelWorkerRequest): Promise<KernelWorkerResponse | null> {
    if (request.kind === "forget") {
      graphs.delete(request.graphId);
      return null;
    }
    if (request.kind === "construct") {
      try {
        const signal = signalOfCancelFlag(request.cancelFlag);
        const result = await constructGraph({ ...request.input, signal });
        return { kind: "result", taskId: request.taskId, result };
      } catch (error) {
        return { kind: "error", taskId: request.taskId, failure: failureOf(error) };
      }
    }
    try {
      if (!isKernelName(request.kernel)) {
        throw new EngineError("INVALID_REQUEST", `Unknown kernel "${request.kernel}".`);
      }
      let csr = graphs.get(request.graphId);
      if (!csr) {
        csr = csrOfShared(request.graph);
        graphs.set(request.graphId, csr);
      }
      const result = await runKernelInline(request.kernel, {
        csr,
        options: request.options as never,
        control: { signal: signalOfCancelFlag(request.cancelFlag) },
      });
      return { kind: "result", taskId: request.taskId, result };
    } catch (error) {
      return { kind: "error", taskId: request.taskId, failure: failureOf(error) };
    }
  };
}

function failureOf(error: unknown): KernelWorkerFailure {
  if (EngineError.isInstance(error)) {
    return {
      engineError: true,
      code: error.code,
      message: error.message,
      details: error.details,
    };
  }
  return { engineError: false, message: error instanceof Error ? error.message : String(error) };
}
