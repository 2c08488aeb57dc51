import type { ModelCall } from "@/lib/contracts/model-call";
import type { RunBudget } from "@/lib/contracts/run-budget";
import type { BudgetUsage } from "./budget-usage";
import {
  type BudgetExceeded,
  decideAfterModelCall,
  decideToolCallStart,
  remainingMilliseconds,
} from "./decide-budget";

/**
 * One phase's count against its run's budget: tool calls as they start, tokens after each model
 * call, wall time from the phase's start (what earlier phases used is carried in, so a pause for
 * approval is not counted). The first budget reached is told to `onExceeded` once — the phase
 * then stops the way a Stop does — and refuses every tool call after it.
 */
export class RunBudgetMeter {
  exceeded: BudgetExceeded | null = null;
  private toolCalls: number;
  private tokens: number;
  private readonly earlierSeconds: number;
  private startedAt: number | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly options: {
      budget: RunBudget;
      usedBefore: BudgetUsage;
      onExceeded: (exceeded: BudgetExceeded) => void;
    },
  ) {
    this.toolCalls = options.usedBefore.tool_calls;
    this.tokens = options.usedBefore.tokens;
    this.earlierSeconds = options.usedBefore.seconds;
  }

  /** Starts the clock: the phase is stopped when the run's seconds are used up. */
  start(): void {
    this.startedAt = performance.now();
    const remaining = remainingMilliseconds({ budget: this.options.budget, used: this.used() });
    this.timer = setTimeout(() => {
      this.reach({
        budget: "seconds",
        limit: this.options.budget.max_seconds,
        used: Math.round(this.used().seconds),
      });
    }, remaining);
  }

  /** The clock stops with the phase (its end, or a pause for approval). */
  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.startedAt !== null) {
      this.frozenSeconds = this.secondsSoFar();
      this.startedAt = null;
    }
  }

  /** Whether a tool call may start now; a refused call is the one past the budget. */
  readonly mayStartToolCall = (): boolean => {
    if (this.exceeded) return false;
    const refused = decideToolCallStart({ budget: this.options.budget, used: this.used() });
    if (refused) {
      this.reach(refused);
      return false;
    }
    this.toolCalls += 1;
    return true;
  };

  /** Counts a model call's tokens; the call that reaches `max_tokens` is the last one. */
  readonly onModelCall = async (call: ModelCall): Promise<void> => {
    this.tokens += call.inputTokens + call.outputTokens;
    if (this.exceeded) return;
    const reached = decideAfterModelCall({ budget: this.options.budget, used: this.used() });
    if (reached) this.reach(reached);
  };

  /** What the run used so far, this phase included. */
  used(): BudgetUsage {
    return { tool_calls: this.toolCalls, tokens: this.tokens, seconds: this.secondsSoFar() };
  }

  private frozenSeconds: number | null = null;

  private secondsSoFar(): number {
    if (this.frozenSeconds !== null) return this.frozenSeconds;
    const running = this.startedAt === null ? 0 : (performance.now() - this.startedAt) / 1000;
    return this.earlierSeconds + running;
  }

  private reach(exceeded: BudgetExceeded): void {
    if (this.exceeded) return;
    this.exceeded = exceeded;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.options.onExceeded(exceeded);
  }
}
