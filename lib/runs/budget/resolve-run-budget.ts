import { type RunBudget, type RunBudgetOption, runBudgetSchema } from "@/lib/contracts/run-budget";
import { getEnv } from "@/lib/env";

/** The server's default budget (RUN_MAX_TOOL_CALLS, RUN_MAX_SECONDS, RUN_MAX_TOKENS). */
export function defaultRunBudget(): RunBudget {
  const env = getEnv();
  return {
    max_tool_calls: env.RUN_MAX_TOOL_CALLS,
    max_seconds: env.RUN_MAX_SECONDS,
    max_tokens: env.RUN_MAX_TOKENS ?? null,
  };
}

/** The limits a new run keeps: what its start request asked for, the defaults for the rest. */
export function resolveRunBudget(asked: RunBudgetOption | undefined): RunBudget {
  const defaults = defaultRunBudget();
  return {
    max_tool_calls: asked?.max_tool_calls ?? defaults.max_tool_calls,
    max_seconds: asked?.max_seconds ?? defaults.max_seconds,
    max_tokens: asked?.max_tokens ?? defaults.max_tokens,
  };
}

/**
 * The budget a run row keeps. A run admitted before budgets existed has none stored: it runs
 * under today's defaults, as a new run without `options.budget` would.
 */
export function storedRunBudget(stored: unknown): RunBudget {
  const parsed = runBudgetSchema.safeParse(stored);
  return parsed.success ? parsed.data : defaultRunBudget();
}
