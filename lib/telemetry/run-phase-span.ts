import {
  context,
  createContextKey,
  propagation,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  trace,
} from "@opentelemetry/api";
import { ATTR_ERROR_TYPE } from "@opentelemetry/semantic-conventions";
import { recordSpanError } from "./record-span-error";
import { withRunTraceId } from "./run-trace-id-generator";
import { genAi, genAiOperation, workbench } from "./span-attributes";
import { tracingStarted } from "./start-tracing";
import { currentTraceCarrier } from "./trace-carrier";
import { workbenchTracer } from "./workbench-tracer";

/** The run a span belongs to, as every span inside a run phase names it. */
export type RunTraceScope = { runId: string; sessionId: string };

const runScopeKey = createContextKey("workbench.run_scope");

/**
 * Baggage entry carrying the run span's own `traceparent` across the MCP hop, so a job enqueued
 * by the engine can link to the run itself, not only to the call that enqueued it.
 */
export const runSpanBaggageKey = "workbench.run_span";

type PhaseScope = RunTraceScope & { span: Span };

/**
 * Runs one phase of a run inside its `invoke_agent` span (GenAI conventions): the span is the
 * root of the run's trace, whose id is the run id (every phase of a run shares it), and it is
 * the active context for the phase, so model calls, tool calls and the engine's handling of
 * them nest under it. With tracing off it only calls `phase`.
 */
export async function traceRunPhase<T>(
  input: RunTraceScope & { generation: number; agentName: string; model: string | null },
  phase: () => Promise<T>,
): Promise<T> {
  if (!tracingStarted()) return phase();
  const span = context.with(withRunTraceId(ROOT_CONTEXT, input.runId), () =>
    workbenchTracer().startSpan(genAiOperation.invokeAgent, {
      root: true,
      kind: SpanKind.INTERNAL,
      attributes: {
        [genAi.operationName]: genAiOperation.invokeAgent,
        [genAi.agentName]: input.agentName,
        [genAi.conversationId]: input.sessionId,
        ...(input.model ? { [genAi.requestModel]: input.model } : {}),
        [workbench.runId]: input.runId,
        [workbench.sessionId]: input.sessionId,
        [workbench.executionGeneration]: input.generation,
      },
    }),
  );
  const withSpan = trace.setSpan(ROOT_CONTEXT, span);
  const runSpan = currentTraceCarrier(withSpan).traceparent;
  const phaseContext = propagation
    .setBaggage(
      withSpan,
      propagation.createBaggage(runSpan ? { [runSpanBaggageKey]: { value: runSpan } } : {}),
    )
    .setValue(runScopeKey, {
      runId: input.runId,
      sessionId: input.sessionId,
      span,
    } satisfies PhaseScope);
  try {
    return await context.with(phaseContext, phase);
  } catch (error) {
    recordSpanError(span, error);
    throw error;
  } finally {
    span.end();
  }
}

/** The run of the active context (inside traceRunPhase), or null outside a run. */
export function activeRunTraceScope(): RunTraceScope | null {
  const scope = context.active().getValue(runScopeKey) as PhaseScope | undefined;
  return scope ? { runId: scope.runId, sessionId: scope.sessionId } : null;
}

/** The `workbench.run_id` / `workbench.session_id` attributes of the active run, if any. */
export function runScopeAttributes(): Record<string, string> {
  const scope = activeRunTraceScope();
  return scope ? { [workbench.runId]: scope.runId, [workbench.sessionId]: scope.sessionId } : {};
}

/**
 * Records how the phase ended on its `invoke_agent` span: `workbench.run.status`, and an error
 * status with `error.type` = the run's error code when it failed.
 */
export function recordRunPhaseEnding(ending: { status: string; errorCode?: string | null }): void {
  const scope = context.active().getValue(runScopeKey) as PhaseScope | undefined;
  if (!scope) return;
  scope.span.setAttribute(workbench.runStatus, ending.status);
  if (ending.status === "error") {
    scope.span.setStatus({ code: SpanStatusCode.ERROR, message: ending.errorCode ?? undefined });
    scope.span.setAttribute(ATTR_ERROR_TYPE, ending.errorCode ?? "error");
  }
}
