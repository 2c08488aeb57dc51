import { z } from "zod";
import type { ToolEnvelope } from "@/lib/contracts/tool-envelope";

/** What is known of the session graph at a check: loaded (which, how big) or not. */
export type GraphFact =
  | { loaded: false; source: string }
  | {
      loaded: true;
      datasetId: string | null;
      revision: number | null;
      nodes: number | null;
      edges: number | null;
      source: string;
    };

// get_graph_info and load_constructed_graph describe the graph with these fields.
const descriptionSchema = z.looseObject({
  loaded: z.boolean(),
  dataset_id: z.string().nullish(),
  revision: z.number().nullish(),
  nodes: z.number().nullish(),
  edges: z.number().nullish(),
});

/** The graph a tool result describes, or null when it describes none. */
export function graphFactOf(input: { toolName: string; envelope: ToolEnvelope; source: string }) {
  const { envelope } = input;
  if (!envelope.success) return null;
  const parsed = descriptionSchema.safeParse(envelope.data);
  if (!parsed.success) return null;
  const data = parsed.data;
  if (!data.loaded) return { loaded: false, source: input.source } satisfies GraphFact;
  return {
    loaded: true,
    datasetId: data.dataset_id ?? null,
    revision: data.revision ?? null,
    nodes: data.nodes ?? null,
    edges: data.edges ?? null,
    source: input.source,
  } satisfies GraphFact;
}

/**
 * The session graph as this run's own results last showed it: the latest result that describes
 * it (get_graph_info, load_constructed_graph) or cleared it. A later success of another tool
 * that writes the graph makes it unknown again (null): the caller then asks the engine.
 */
export function graphFactFromResults(input: {
  results: readonly { toolName: string; status: string; envelope?: ToolEnvelope }[];
  writesGraph: (toolName: string) => boolean;
}): GraphFact | null {
  let fact: GraphFact | null = null;
  for (const result of input.results) {
    if (result.status !== "succeeded" || !result.envelope) continue;
    const described = graphFactOf({
      toolName: result.toolName,
      envelope: result.envelope,
      source: `${result.toolName} result of this run`,
    });
    if (described) fact = described;
    else if (result.toolName === "clear_graph") {
      fact = { loaded: false, source: "clear_graph result of this run" };
    } else if (input.writesGraph(result.toolName)) fact = null;
  }
  return fact;
}
