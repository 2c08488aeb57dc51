import { Worker } from "node:worker_threads";
import type { ConstructionSummary } from "../construction/construct-graph";
import type { CsrGraph } from "../csr/csr-graph";
import { EngineError, type EngineErrorCode } from "../engine-error";
import type { GraphData } from "../graph/graph-data";
import { type CancelFlag, createCancelFlag, raiseCancelFlag } from "./cancel-flag";
import type { KernelName, KernelOptions, KernelResult } from "./kernel-table";
import { findKernelWorkerEntry } from "./kernel-worker-entry";
import type {
  KernelWorkerFailure,
  KernelWorkerRequest,
  KernelWorkerResponse,
  PooledConstructionInput,
} from "./kernel-worker-protocol";
import { shareCsr } from "./shared-csr";

/**
 * After a cancel, how long a kernel may take to reach its next cancel check before its worker
 * is terminated (and replaced). Kernels check every few thousand steps, so this only catches a
 * kernel stuck where it does not check.
 */
const cancelGraceMilliseconds = 5_000;

/**
 * A worker isolate's young generation is sized smaller than the main thread's by default, and
 * the kernels allocate many short-lived typed arrays: with the default, a pooled Louvain on 2M
 * arcs took about 25 % longer than inline; with 64 MiB, within the run-to-run noise (±10 %,
 * bench/README.md).
 */
const workerResourceLimits = { maxYoungGenerationSizeMb: 64 };

type Task = {
  request: Extract<KernelWorkerRequest, { kind: "run" | "construct" }>;
  signal?: AbortSignal;
  resolve: (result: unknown) => void;
  reject: (error: unknown) => void;
  onAbort: () => void;
  graceTimer?: ReturnType<typeof setTimeout>;
};

/** A worker thread, whether it has loaded the kernels yet, and the call it is running. */
type PoolWorker = { worker: Worker; ready: boolean; task: Task | null };

/**
 * A fixed number of worker threads running engine kernels off the calling thread, one kernel
 * per worker at a time, queued in call order. The snapshot is never copied: its arrays are on
 * shared memory (buildCsr allocates them there) and a call posts handles to them. Cancelling
 * the call's signal raises a shared flag the kernel's own cancel checks read, so the call ends
 * with the same JOB_CANCELLED error as inline. A worker that fails (a crash, an exit) fails
 * only its call and is replaced by the next call that needs one.
 */
export class KernelPool {
  readonly size: number;
  private readonly entry: string;
  private readonly workers: PoolWorker[] = [];
  private readonly queue: Task[] = [];
  private nextTaskId = 1;
  private nextGraphId = 1;
  private readonly graphIds = new WeakMap<CsrGraph, number>();
  // When a snapshot is collected here, the workers drop their handle (and views) too.
  private readonly forgetGraph = new FinalizationRegistry<number>((graphId) => {
    for (const member of this.workers) member.worker.postMessage({ kind: "forget", graphId });
  });
  private closed = false;

  constructor({ size, entry }: { size: number; entry?: string }) {
    if (!(Number.isInteger(size) && size >= 1)) {
      throw new EngineError("INVALID_REQUEST", "A kernel pool needs at least one thread.");
    }
    const found = entry ?? findKernelWorkerEntry();
    if (!found) throw new EngineError("INVALID_REQUEST", "The kernel worker file was not found.");
    this.size = size;
    this.entry = found;
  }

  /** Runs a kernel in a worker on the snapshot; its result as the inline call would give it. */
  run<Name extends KernelName>(
    kernel: Name,
    input: { csr: CsrGraph; options: KernelOptions<Name>; signal?: AbortSignal },
  ): Promise<KernelResult<Name>> {
    return this.submit(
      {
        kind: "run",
        taskId: this.nextTaskId++,
        kernel,
        graphId: this.graphIdOf(input.csr),
        graph: shareCsr(input.csr),
        options: input.options as Record<string, unknown>,
        cancelFlag: createCancelFlag(),
      },
      input.signal,
    ) as Promise<KernelResult<Name>>;
  }

  /**
   * Builds a graph from a CSV or TXT upload in a worker (constructGraph there), the graph
   * posted back; the same graph and the same errors (PARSE_ERROR with its line) as inline.
   */
  construct(
    input: PooledConstructionInput,
    signal?: AbortSignal,
  ): Promise<{ graph: GraphData; summary: ConstructionSummary }> {
    return this.submit(
      { kind: "construct", taskId: this.nextTaskId++, input, cancelFlag: createCancelFlag() },
      signal,
    ) as Promise<{ graph: GraphData; summary: ConstructionSummary }>;
  }

  private submit(request: Task["request"], signal: AbortSignal | undefined): Promise<unknown> {
    if (this.closed) {
      return Promise.reject(new EngineError("INVALID_REQUEST", "The kernel pool is closed."));
    }
    if (signal?.aborted) return Promise.reject(cancelledError());
    return new Promise((resolve, reject) => {
      const task: Task = {
        request,
        signal,
        resolve,
        reject,
        onAbort: () => this.cancel(task),
      };
      signal?.addEventListener("abort", task.onAbort, { once: true });
      this.queue.push(task);
      this.dispatch();
    });
  }

  /** Starts every worker now, so the first kernel does not pay for loading one. */
  warm(): void {
    while (this.workers.length < this.size) this.spawn();
  }

  /** Stops every worker; queued and running calls fail. */
  async close(): Promise<void> {
    this.closed = true;
    for (const task of this.queue.splice(0)) {
      this.settle(task, () =>
        task.reject(new EngineError("INVALID_REQUEST", "The kernel pool is closed.")),
      );
    }
    await Promise.all(this.workers.map((member) => member.worker.terminate()));
  }

  private graphIdOf(csr: CsrGraph): number {
    let id = this.graphIds.get(csr);
    if (id === undefined) {
      id = this.nextGraphId++;
      this.graphIds.set(csr, id);
      this.forgetGraph.register(csr, id);
    }
    return id;
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      let member = this.workers.find((candidate) => candidate.task === null);
      if (!member && this.workers.length < this.size) member = this.spawn();
      if (!member) return;
      const task = this.queue.shift() as Task;
      member.task = task;
      // A busy worker keeps the process alive (its caller awaits it); an idle one does not.
      member.worker.ref();
      member.worker.postMessage(task.request);
    }
  }

  private spawn(): PoolWorker {
    const member: PoolWorker = {
      worker: new Worker(this.entry, { resourceLimits: workerResourceLimits }),
      ready: false,
      task: null,
    };
    member.worker.unref();
    member.worker.on("message", (response: KernelWorkerResponse) => {
      if (response.kind === "ready") {
        member.ready = true;
        return;
      }
      const task = member.task;
      if (!task || task.request.taskId !== response.taskId) return;
      member.task = null;
      member.worker.unref();
      if (response.kind === "result") this.settle(task, () => task.resolve(response.result));
      else this.settle(task, () => task.reject(errorOf(response.failure)));
      this.dispatch();
    });
    const fail = (reason: string) => {
      const index = this.workers.indexOf(member);
      if (index < 0) return;
      this.workers.splice(index, 1);
      const task = member.task;
      member.task = null;
      if (task) {
        const cancelled = task.signal?.aborted === true;
        this.settle(task, () =>
          task.reject(
            cancelled
              ? cancelledError()
              : new EngineError("INVALID_REQUEST", `The kernel worker failed: ${reason}`),
          ),
        );
      }
      if (!this.closed) this.dispatch();
    };
    member.worker.on("error", (error) => fail(error.message));
    member.worker.on("exit", (code) => fail(`it exited (code ${code})`));
    this.workers.push(member);
    return member;
  }

  private cancel(task: Task): void {
    const queued = this.queue.indexOf(task);
    if (queued >= 0) {
      this.queue.splice(queued, 1);
      this.settle(task, () => task.reject(cancelledError()));
      return;
    }
    raiseCancelFlag(task.request.cancelFlag as CancelFlag);
    const member = this.workers.find((candidate) => candidate.task === task);
    if (member && !member.ready) {
      // Still loading the kernels (most of a second of CPU): stop it rather than let it finish
      // loading for a call nobody waits for. The exit handler answers the call (cancelled).
      void member.worker.terminate();
      return;
    }
    task.graceTimer = setTimeout(() => {
      const member = this.workers.find((candidate) => candidate.task === task);
      // The exit handler answers the call (cancelled) and the next call gets a new worker.
      if (member) void member.worker.terminate();
    }, cancelGraceMilliseconds);
    task.graceTimer.unref?.();
  }

  private settle(task: Task, outcome: () => void): void {
    task.signal?.removeEventListener("abort", task.onAbort);
    if (task.graceTimer) clearTimeout(task.graceTimer);
    outcome();
  }
}

/** The error throwIfCancelled throws, so a cancelled call reads the same inline or pooled. */
function cancelledError(): EngineError {
  return new EngineError("JOB_CANCELLED", "The computation was cancelled.");
}

function errorOf(failure: KernelWorkerFailure): Error {
  if (failure.engineError) {
    return new EngineError(failure.code as EngineErrorCode, failure.message, failure.details);
  }
  return new Error(failure.message);
}
