import { type Link, propagation, ROOT_CONTEXT, SpanKind, trace } from "@opentelemetry/api";
import { recordSpanError } from "./record-span-error";
import { runSpanBaggageKey } from "./run-phase-span";
import { workbench } from "./span-attributes";
import { tracingStarted } from "./start-tracing";
import { contextFromCarrier } from "./trace-carrier";
import { workbenchTracer } from "./workbench-tracer";

/**
 * The links of a job's span, from the trace carrier stored with the job when it was enqueued:
 * the run's `invoke_agent` span (from the baggage the run set) and the span that enqueued it
 * (the engine's `tools/call`, or a parent job). Nothing for a job enqueued outside any trace.
 */
export function jobSpanLinks(traceContext: unknown): Link[] {
  const enqueued = contextFromCarrier(traceContext);
  if (!enqueued) return [];
  const links: Link[] = [];
  const runSpan = propagation.getBaggage(enqueued)?.getEntry(runSpanBaggageKey)?.value;
  const run = runSpan
    ? trace.getSpanContext(contextFromCarrier({ traceparent: runSpan }) ?? ROOT_CONTEXT)
    : undefined;
  if (run) links.push({ context: run, attributes: { [workbench.linkRole]: "run" } });
  const enqueuer = trace.getSpanContext(enqueued);
  if (enqueuer && enqueuer.spanId !== run?.spanId) {
    links.push({ context: enqueuer, attributes: { [workbench.linkRole]: "enqueued_by" } });
  }
  return links;
}

/**
 * Runs a job's handler inside its span `job {kind}`: a new trace (a job may outlive its run and
 * run in another process), linked to the run and to the span that enqueued it. The run's baggage
 * stays active, so a child job the handler enqueues links to the same run.
 */
export async function traceJob<T>(
  input: {
    job: {
      id: string;
      kind: string;
      attempt: number;
      runId: string | null;
      sessionId: string | null;
    };
    traceContext: unknown;
  },
  handler: () => Promise<T>,
): Promise<T> {
  if (!tracingStarted()) return handler();
  const { job } = input;
  const enqueued = contextFromCarrier(input.traceContext);
  const baggage = enqueued ? propagation.getBaggage(enqueued) : undefined;
  const parent = baggage ? propagation.setBaggage(ROOT_CONTEXT, baggage) : ROOT_CONTEXT;
  return workbenchTracer().startActiveSpan(
    `job ${job.kind}`,
    {
      root: true,
      kind: SpanKind.CONSUMER,
      links: jobSpanLinks(input.traceContext),
      attributes: {
        [workbench.jobId]: job.id,
        [workbench.jobKind]: job.kind,
        [workbench.jobAttempt]: job.attempt,
        ...(job.runId ? { [workbench.runId]: job.runId } : {}),
        ...(job.sessionId ? { [workbench.sessionId]: job.sessionId } : {}),
      },
    },
    parent,
    async (span) => {
      try {
        const result = await handler();
        span.setAttribute(workbench.jobStatus, "done");
        return result;
      } catch (error) {
        recordSpanError(span, error);
        throw error;
      } finally {
        span.end();
      }
    },
  );
}
