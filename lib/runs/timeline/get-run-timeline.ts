import "server-only";
import type { RunTimeline } from "@/lib/contracts/run-timeline";
import { listRunJobTimes } from "@/lib/db/queries/jobs-list";
import { listTimedRunEvents } from "@/lib/db/queries/run-events";
import { listRunModelCalls } from "@/lib/db/queries/run-model-calls";
import { findRunForOwner } from "@/lib/db/queries/runs";
import { listStartedToolCalls } from "@/lib/db/queries/tool-call-lookups";
import { NotFoundError } from "@/lib/errors/http-errors";
import { buildRunTimeline } from "./build-run-timeline";

/**
 * `GET /api/runs/{run_id}/timeline`: the run's model calls, tool calls and jobs as bars, from
 * the saved rows and events alone (no trace collector needed). 404 for another owner's run.
 */
export async function getRunTimeline(input: {
  ownerId: string;
  runId: string;
}): Promise<RunTimeline> {
  const run = await findRunForOwner(input);
  if (!run) throw new NotFoundError("Run", { run_id: input.runId });
  const [modelCalls, toolCalls, events, jobs] = await Promise.all([
    listRunModelCalls(input),
    listStartedToolCalls(input),
    listTimedRunEvents({
      ownerId: input.ownerId,
      runIds: [run.id],
      types: ["run_started", "tool_started", "tool_completed"],
    }),
    listRunJobTimes(input),
  ]);
  const firstStart = events.find((event) => event.type === "run_started");
  return buildRunTimeline({
    runId: run.id,
    startedAt: firstStart?.createdAt ?? run.createdAt,
    finishedAt: run.finishedAt,
    modelCalls,
    toolCalls,
    toolEvents: events.filter((event) => event.type !== "run_started"),
    jobs,
  });
}
