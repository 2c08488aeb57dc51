import type { RunEventPayload } from "@/lib/contracts/run-event";
import type { ToolEnvelope } from "@/lib/contracts/tool-envelope";
import type { ToolDagNode } from "./build-tool-dag";
import { envelopeFromExecution } from "./execution-envelope";
import { insertSorted } from "./insert-sorted";
import { isUnfinishedJob } from "./is-unfinished-job";
import { ToolBatchError } from "./tool-batch-error";
import type { ExecuteToolCall, MayStartToolCall, PrecheckToolCall } from "./tool-call-hooks";
import type { ToolCallOutcome } from "./tool-call-outcome";
import {
  approvalRequiredEvent,
  toolBlockedEvent,
  toolCompletedEvent,
  toolStartedEvent,
} from "./tool-events";

type CallState = {
  node: ToolDagNode;
  /** Prerequisites that have not settled yet; the call is resolved when this reaches 0. */
  waitingOn: number;
  dependants: number[];
  outcome: ToolCallOutcome | undefined;
  running: boolean;
  startedAt: Date | undefined;
  startedClock: number;
};

/**
 * The state machine of one batch execution. Everything is driven by callbacks (a completion
 * settles a call, which may settle its dependants, which frees slots for ready calls), so the
 * per-call overhead is a few array operations and there is no polling or Promise.race.
 * Whenever several calls become decidable at the same moment they are handled in batch order,
 * so events and start order are deterministic for a given sequence of completions.
 */
export class ToolBatchRun {
  private readonly states: CallState[];
  /** Calls whose prerequisites all settled and that have not been decided yet, ascending. */
  private readonly resolvable: number[] = [];
  /** Calls cleared to run, waiting for a concurrency slot, ascending. */
  private readonly ready: number[] = [];
  private running = 0;
  private unsettled = 0;
  private approvalHolder: string | undefined;
  private startRefused = false;
  private emitFailure: { error: unknown } | undefined;
  private resolveRun: (outcomes: ToolCallOutcome[]) => void = () => {};
  private rejectRun: (error: unknown) => void = () => {};

  constructor(
    private readonly options: {
      nodes: ToolDagNode[];
      reused: ReadonlyMap<string, ToolCallOutcome>;
      approvedCallId: string | undefined;
      maxConcurrency: number;
      execute: ExecuteToolCall;
      emit: (event: RunEventPayload) => void;
      precheck: PrecheckToolCall | undefined;
      mayStart?: MayStartToolCall;
      signal: AbortSignal;
    },
  ) {
    this.states = options.nodes.map((node) => ({
      node,
      waitingOn: 0,
      dependants: [],
      outcome: options.reused.get(node.call.toolCallId),
      running: false,
      startedAt: undefined,
      startedClock: 0,
    }));
  }

  /** Starts the batch; resolves with the outcomes in batch order once every call has settled. */
  run(): Promise<ToolCallOutcome[]> {
    const finished = new Promise<ToolCallOutcome[]>((resolve, reject) => {
      this.resolveRun = resolve;
      this.rejectRun = reject;
    });
    for (const [index, state] of this.states.entries()) {
      if (state.outcome) {
        if (state.outcome.status === "awaiting_approval") {
          this.approvalHolder = state.outcome.toolCallId;
        }
        continue;
      }
      this.unsettled += 1;
      for (const dependency of state.node.dependsOn) {
        if (this.states[dependency].outcome) continue;
        state.waitingOn += 1;
        this.states[dependency].dependants.push(index);
      }
      if (state.waitingOn === 0) this.resolvable.push(index);
    }
    if (this.options.signal.aborted) this.cancelUnstarted();
    else this.options.signal.addEventListener("abort", this.onAbort);
    this.advance();
    return finished;
  }

  private readonly onAbort = (): void => {
    this.cancelUnstarted();
    this.advance();
  };

  /** Abort: nothing new starts; every call that has not started ends `cancelled`. */
  private cancelUnstarted(): void {
    this.ready.length = 0;
    this.resolvable.length = 0;
    for (const [index, state] of this.states.entries()) {
      if (state.outcome || state.running) continue;
      this.settle(index, this.outcome(state, "cancelled"));
    }
    this.resolvable.length = 0;
  }

  /** Decides every resolvable call, starts what the slots allow, and finishes the run if done. */
  private advance(): void {
    let next = this.resolvable.shift();
    while (next !== undefined) {
      if (!this.states[next].outcome) this.resolve(next);
      next = this.resolvable.shift();
    }
    // Once a start was refused, nothing of the batch starts any more: calls that become ready
    // later (after a running prerequisite) end `cancelled` like the rest.
    if (this.startRefused) this.cancelUnstarted();
    while (this.running < this.options.maxConcurrency && !this.options.signal.aborted) {
      const index = this.ready.shift();
      if (index === undefined) break;
      if (this.options.mayStart && !this.options.mayStart({ call: this.states[index].node.call })) {
        this.startRefused = true;
        this.cancelUnstarted();
        break;
      }
      this.start(index);
    }
    if (this.unsettled === 0) {
      this.options.signal.removeEventListener("abort", this.onAbort);
      if (this.emitFailure) this.rejectRun(this.emitFailure.error);
      else this.resolveRun(this.states.map((state) => state.outcome as ToolCallOutcome));
    } else if (this.running === 0 && this.ready.length === 0) {
      // Unreachable while the DAG only points backwards; failing loudly beats hanging a run.
      this.rejectRun(
        new ToolBatchError({
          code: "INTERNAL_ERROR",
          message: "Tool batch stalled with calls left.",
        }),
      );
    }
  }

  /** All prerequisites settled: block, refuse, pause for approval, or queue to run (DAG-4, AP-1). */
  private resolve(index: number): void {
    const state = this.states[index];
    const { call } = state.node;
    const blockers = state.node.dependsOn.filter((dependency) => !this.succeeded(dependency));
    if (blockers.length > 0) {
      this.block(
        index,
        blockers.map((dependency) => this.states[dependency].node.call.toolCallId),
      );
      return;
    }
    const refusal = this.options.precheck?.({ call });
    if (refusal) {
      this.refuse(index, refusal);
      return;
    }
    if (state.node.requiresApproval && call.toolCallId !== this.options.approvedCallId) {
      if (this.approvalHolder !== undefined) {
        this.block(index, [this.approvalHolder]);
        return;
      }
      this.approvalHolder = call.toolCallId;
      this.settle(index, this.outcome(state, "awaiting_approval"));
      this.emit(approvalRequiredEvent({ call }));
      return;
    }
    insertSorted({ values: this.ready, value: index });
  }

  /** A prerequisite counts only when it succeeded with a final result, not a pending job. */
  private succeeded(index: number): boolean {
    const outcome = this.states[index].outcome;
    if (outcome?.status !== "succeeded") return false;
    return !outcome.envelope || !isUnfinishedJob({ envelope: outcome.envelope });
  }

  private block(index: number, blockedBy: string[]): void {
    const state = this.states[index];
    const outcome = this.outcome(state, "blocked");
    outcome.errorCode = "TOOL_DEPENDENCY_BLOCKED";
    outcome.blockedBy = blockedBy;
    this.settle(index, outcome);
    this.emit(toolBlockedEvent({ call: state.node.call, blockedBy }));
  }

  /**
   * The precheck's envelope stands in for the execution. The call is still announced as
   * started so the UI has a tool card to show the refusal on; counting it as running keeps an
   * abort raised from inside `emit` from cancelling it halfway.
   */
  private refuse(index: number, refusal: ToolEnvelope): void {
    const state = this.states[index];
    const startedAt = new Date();
    state.running = true;
    this.running += 1;
    this.emit(toolStartedEvent({ call: state.node.call }));
    state.running = false;
    this.running -= 1;
    this.complete(index, refusal, { startedAt, finishedAt: startedAt, durationMs: 0 });
  }

  private start(index: number): void {
    const state = this.states[index];
    const { call } = state.node;
    state.running = true;
    state.startedAt = new Date();
    state.startedClock = performance.now();
    this.running += 1;
    this.emit(toolStartedEvent({ call }));
    let pending: Promise<ToolEnvelope>;
    try {
      pending = this.options.execute(call, this.options.signal);
    } catch (thrown) {
      // A synchronous throw is the same failure as a rejected promise.
      pending = Promise.reject(thrown);
    }
    pending.then(
      (returned) => this.finishRunning(index, { returned }),
      (thrown: unknown) => this.finishRunning(index, { thrown }),
    );
  }

  private finishRunning(index: number, settled: { returned: unknown } | { thrown: unknown }): void {
    const state = this.states[index];
    state.running = false;
    this.running -= 1;
    const envelope = envelopeFromExecution({
      settled,
      toolName: state.node.call.toolName,
      cancelled: this.options.signal.aborted,
    });
    const durationMs = Math.round(performance.now() - state.startedClock);
    this.complete(index, envelope, {
      startedAt: state.startedAt,
      finishedAt: new Date(),
      durationMs,
    });
    this.advance();
  }

  /** Records a call that produced an envelope (ran or was refused) and emits `tool_completed`. */
  private complete(
    index: number,
    envelope: ToolEnvelope,
    timing: { startedAt: Date | undefined; finishedAt: Date; durationMs: number },
  ): void {
    const state = this.states[index];
    // Business failure is failure even when the transport worked (MCP-4); a failure caused by
    // the abort is a cancellation, but a result that did arrive stays valid evidence.
    const failedStatus = this.options.signal.aborted ? "cancelled" : "failed";
    const call = state.node.call;
    this.emit(toolCompletedEvent({ call, envelope, durationMs: timing.durationMs }));
    // Fields are assigned rather than spread: this runs once per call and object spreads with
    // conditional members were the bulk of the scheduler's per-call cost.
    const outcome = this.outcome(state, envelope.success ? "succeeded" : failedStatus);
    outcome.envelope = envelope;
    if (envelope.error_code) outcome.errorCode = envelope.error_code;
    outcome.startedAt = timing.startedAt;
    outcome.finishedAt = timing.finishedAt;
    outcome.durationMs = timing.durationMs;
    this.settle(index, outcome);
  }

  private settle(index: number, outcome: ToolCallOutcome): void {
    const state = this.states[index];
    // A call settles once; a second verdict (e.g. a cancel racing a completion) is ignored.
    if (state.outcome) return;
    state.outcome = outcome;
    this.unsettled -= 1;
    for (const dependant of state.dependants) {
      const waiting = this.states[dependant];
      waiting.waitingOn -= 1;
      if (waiting.waitingOn === 0 && !waiting.outcome)
        insertSorted({ values: this.resolvable, value: dependant });
    }
  }

  private outcome(state: CallState, status: ToolCallOutcome["status"]): ToolCallOutcome {
    const { call } = state.node;
    return { toolCallId: call.toolCallId, toolName: call.toolName, args: call.args, status };
  }

  /**
   * A throwing `emit` is a runtime bug; it must not leave calls half-scheduled, so the batch
   * finishes its bookkeeping and then rejects with the first such error.
   */
  private emit(event: RunEventPayload): void {
    try {
      this.options.emit(event);
    } catch (error) {
      this.emitFailure ??= { error };
    }
  }
}
