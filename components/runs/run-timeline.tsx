"use client";

import { useRunTimeline } from "@/hooks/use-run-timeline";
import type { TimelineEntry } from "@/lib/contracts/run-timeline";
import { formatDuration } from "../chat/transcript/format-duration";
import { ErrorState } from "../ui/error-state";
import { type PlacedBar, placeTimelineBars } from "./timeline-layout";

const kindLabels: Record<TimelineEntry["kind"], string> = {
  model_call: "Model",
  tool_call: "Tool",
  job: "Job",
};

const barColours: Record<TimelineEntry["kind"], string> = {
  model_call: "bg-blue-500",
  tool_call: "bg-emerald-500",
  job: "bg-amber-500",
};

function TimelineBar({ bar }: { bar: PlacedBar }) {
  const duration = bar.duration_ms === null ? "running" : formatDuration(bar.duration_ms);
  return (
    <li
      className="space-y-1"
      data-testid="timeline-entry"
      data-kind={bar.kind}
      data-name={bar.name}
      data-duration-ms={bar.duration_ms ?? ""}
    >
      <p className="flex items-baseline justify-between gap-2 text-xs">
        <span className="min-w-0 truncate text-slate-700">
          <span className="mr-1.5 font-medium text-slate-500">{kindLabels[bar.kind]}</span>
          <span className="font-mono">{bar.name}</span>
        </span>
        <span className="shrink-0 tabular-nums text-slate-500">{duration}</span>
      </p>
      <div className="relative h-2 rounded-full bg-slate-100" aria-hidden="true">
        <div
          className={`absolute inset-y-0 min-w-[3px] rounded-full ${barColours[bar.kind]}`}
          style={{ left: `${bar.offsetPercent}%`, width: `${bar.widthPercent}%` }}
        />
      </div>
    </li>
  );
}

/**
 * A run's waterfall: its model calls, tool calls and jobs as bars on one time axis, with their
 * durations. Read from the saved record when opened, so it works for any run, no tracing needed.
 */
export function RunTimeline({ runId, finished }: { runId: string; finished: boolean }) {
  const timeline = useRunTimeline(runId, { finished });
  if (timeline.isPending) {
    return (
      <div
        aria-busy="true"
        className="h-16 animate-pulse rounded-md bg-slate-100"
        data-testid="run-timeline-loading"
      >
        <span className="sr-only">Loading the timeline…</span>
      </div>
    );
  }
  if (timeline.isError) {
    return (
      <ErrorState
        title="The timeline could not be loaded."
        error={timeline.error}
        onRetry={() => timeline.refetch()}
        isRetrying={timeline.isFetching}
        testId="run-timeline-error"
      />
    );
  }
  if (timeline.data.entries.length === 0) {
    return (
      <p className="text-xs text-slate-500" data-testid="run-timeline-empty">
        Nothing of this run was recorded yet.
      </p>
    );
  }
  const { spanMs, bars } = placeTimelineBars(timeline.data);
  return (
    <div className="space-y-2" data-testid="run-timeline">
      <ol
        className="space-y-2"
        aria-label="Model calls, tool calls and jobs in the order they started"
      >
        {bars.map((bar, index) => (
          <TimelineBar key={`${bar.kind}:${bar.id ?? index}:${bar.started_at}`} bar={bar} />
        ))}
      </ol>
      <p className="text-right text-xs text-slate-500">0 – {formatDuration(spanMs)}</p>
    </div>
  );
}
