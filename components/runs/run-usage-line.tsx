"use client";

import { useId, useState } from "react";
import type { RunUsage } from "@/lib/contracts/usage";
import { formatRunUsage } from "./format-run-usage";
import { RunTimeline } from "./run-timeline";

/**
 * Under a run's answer: what it used in one muted line, and a Timeline disclosure that shows its
 * model calls, tool calls and jobs as a waterfall.
 */
export function RunUsageLine({
  runId,
  usage,
  finished,
}: {
  runId: string;
  usage: RunUsage;
  /** The run ended (not paused): its timeline will not change. */
  finished: boolean;
}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const tokens = `${usage.input_tokens} in, ${usage.output_tokens} out`;
  return (
    <div className="space-y-2">
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-500">
        <span data-testid="run-usage" title={`Tokens: ${tokens}`}>
          {formatRunUsage(usage)}
        </span>
        <button
          type="button"
          className="rounded px-1 font-medium text-slate-600 underline-offset-2 hover:text-slate-900 hover:underline focus-visible:outline-2 focus-visible:outline-blue-600"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((shown) => !shown)}
          data-testid="run-timeline-toggle"
        >
          {open ? "Hide timeline" : "Timeline"}
        </button>
      </p>
      <div id={panelId} hidden={!open}>
        {open ? <RunTimeline runId={runId} finished={finished} /> : null}
      </div>
    </div>
  );
}
