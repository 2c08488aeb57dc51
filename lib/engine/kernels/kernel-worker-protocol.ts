import type { ConstructGraphInput } from "../construction/construct-graph";
import type { CancelFlag } from "./cancel-flag";
import type { KernelName } from "./kernel-table";
import type { SharedCsr } from "./shared-csr";

/** What the pool posts to a kernel worker (structured-cloneable; arrays on shared memory). */
export type KernelWorkerRequest =
  | {
      kind: "run";
      taskId: number;
      kernel: KernelName;
      /** Names the snapshot across calls, so a worker keeps what it derives from it (views). */
      graphId: number;
      graph: SharedCsr;
      options: Record<string, unknown>;
      cancelFlag: CancelFlag;
    }
  /** A CSV or TXT construction (parsing a whole upload), its result posted back. */
  | {
      kind: "construct";
      taskId: number;
      input: PooledConstructionInput;
      cancelFlag: CancelFlag;
    }
  /** The snapshot was collected on the caller's side: drop it and what was derived from it. */
  | { kind: "forget"; graphId: number };

/** A failure as it crosses back: an engine error keeps its code and details. */
export type KernelWorkerFailure = {
  engineError: boolean;
  code?: string;
  message: string;
  details?: Record<string, unknown>;
};

/** What a kernel worker answers, once per run request (and "ready" once it has loaded). */
export type KernelWorkerResponse =
  | { kind: "ready" }
  | { kind: "result"; taskId: number; result: unknown }
  | { kind: "error"; taskId: number; failure: KernelWorkerFailure };

/** A construction as a worker receives it: no signal (the cancel flag) and no progress. */
export type PooledConstructionInput = Omit<ConstructGraphInput, "signal" | "onProgress">;
