import "server-only";
import type { ProjectUsage, ProjectUsageQuery } from "@/lib/contracts/usage";
import { listProjectRunsCreatedBetween } from "@/lib/db/queries/runs";
import { getProjectOrThrow } from "@/lib/projects/get-project-or-throw";
import { readRunUsages } from "./read-run-usages";
import { type DayModelUsage, usageByDay } from "./usage-by-day";
import { usageDateRange, utcDay } from "./usage-date-range";

/**
 * `GET /api/projects/{project_id}/usage`: the usage of the project's runs by UTC day and model,
 * and per model over the range. A run counts on the day it started, whole, under the model its
 * calls went to; its tool calls and seconds go with its first model (the run's own model when
 * it made no model call). 404 for another owner's or an unknown project.
 */
export async function getProjectUsage(input: {
  ownerId: string;
  projectId: string;
  query: ProjectUsageQuery;
  now?: Date;
}): Promise<ProjectUsage> {
  await getProjectOrThrow({ ownerId: input.ownerId, projectId: input.projectId });
  const range = usageDateRange(input.query, input.now);
  const runs = await listProjectRunsCreatedBetween({
    ownerId: input.ownerId,
    projectId: input.projectId,
    from: range.start,
    until: range.until,
  });
  const usages = await readRunUsages({ ownerId: input.ownerId, runs, now: input.now });
  const rows: DayModelUsage[] = [];
  for (const run of runs) {
    const detail = usages.get(run.id);
    if (!detail) continue;
    const day = utcDay(run.createdAt);
    const [first, ...others] = detail.byModel;
    rows.push({
      day,
      model: first?.model ?? run.modelName ?? "unknown",
      model_calls: first?.modelCalls ?? 0,
      input_tokens: first?.inputTokens ?? 0,
      output_tokens: first?.outputTokens ?? 0,
      tool_calls: detail.usage.tool_calls,
      seconds: detail.usage.seconds,
    });
    for (const other of others) {
      rows.push({
        day,
        model: other.model,
        model_calls: other.modelCalls,
        input_tokens: other.inputTokens,
        output_tokens: other.outputTokens,
        tool_calls: 0,
        seconds: 0,
      });
    }
  }
  return { from: range.from, to: range.to, ...usageByDay(rows) };
}
