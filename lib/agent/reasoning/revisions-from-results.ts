import { z } from "zod";
import type { ToolEnvelope } from "@/lib/contracts/tool-envelope";

// construct_graph answers `{construction: {...}}`; commit_graph_optimization `{graph: {...}}`.
const revisionSchema = z.looseObject({ dataset_id: z.string(), revision: z.number() });
const resultSchema = z.looseObject({
  construction: z
    .looseObject({ status: z.literal("ready") })
    .and(revisionSchema)
    .optional(),
  graph: revisionSchema.optional(),
});

/**
 * The revisions this run's own results built (a construction, a committed optimisation), by
 * dataset, the latest last: the session state the run started from predates them, so a check
 * that read only that state would say "no revision yet" about a graph the run just built.
 */
export function revisionsFromResults(
  results: readonly { status: string; envelope?: ToolEnvelope }[],
): Map<string, number> {
  const built = new Map<string, number>();
  for (const result of results) {
    if (result.status !== "succeeded" || !result.envelope?.success) continue;
    const parsed = resultSchema.safeParse(result.envelope.data);
    if (!parsed.success) continue;
    for (const entry of [parsed.data.construction, parsed.data.graph]) {
      if (entry) built.set(entry.dataset_id, entry.revision);
    }
  }
  return built;
}
