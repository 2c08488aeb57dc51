import type { ToolCatalogueEntry } from "@/lib/contracts/tool-catalogue-entry";
import type { ToolDescriptor } from "@/lib/contracts/tool-descriptor";

// The catalogue entries of the engine's MCP tools as `lib/mcp/tools/*.ts` declares them. Copied
// rather than imported: the scheduler stays free of MCP and its server-only dependencies.
// If a declaration changes there, change it here.
const entries: Record<
  string,
  Partial<ToolCatalogueEntry["resources"]> & Partial<ToolCatalogueEntry>
> = {
  register_session: { writes: ["G", "CFG"] },
  delete_graph_session: { writes: ["G", "CFG"] },
  set_session_config: { writes: ["CFG"] },
  list_datasets: { reads: ["D:*", "C:*"] },
  construct_graph: { reads: ["D:{dataset_id}"], writes: ["C:{dataset_id}"], may_be_async: true },
  load_constructed_graph: { reads: ["C:{dataset_id}"], writes: ["G"] },
  get_graph_info: { reads: ["G"] },
  switch_graph_version: { reads: ["C:{dataset_id}"], writes: ["G"] },
  clear_graph: { writes: ["G"], requires_approval: true },
  search_node: { reads: ["G"] },
  search_edge: { reads: ["G"] },
  get_neighbors: { reads: ["G"] },
  subgraph_extraction: { reads: ["G"], writes: ["G"], read_only_when: { create_version: false } },
  degree_analysis: { reads: ["G"] },
  connectivity_analysis: { reads: ["G"] },
  node_centrality: { reads: ["G"] },
  community_detection: { reads: ["G"] },
  shortest_path: { reads: ["G"] },
  preview_graph_optimization: { reads: ["G", "C:{dataset_id}"] },
  commit_graph_optimization: {
    reads: ["C:{dataset_id}"],
    writes: ["C:{dataset_id}", "G"],
    requires_approval: true,
  },
  visualize_subgraph: { reads: ["G"], writes: ["DOC"] },
  create_analysis_report: { writes: ["DOC"] },
  export_graph: { reads: ["G"], writes: ["DOC"] },
};

/** A descriptor with a catalogue entry, for tests. */
export function describedTool(input: {
  name: string;
  reads?: string[];
  writes?: string[];
  requiresApproval?: boolean;
  readOnlyWhen?: Record<string, unknown>;
}): ToolDescriptor {
  return {
    name: input.name,
    description: input.name,
    inputSchema: { type: "object" },
    catalogue: {
      resources: { reads: input.reads ?? [], writes: input.writes ?? [] },
      requires_approval: input.requiresApproval ?? false,
      may_be_async: false,
      ...(input.readOnlyWhen ? { read_only_when: input.readOnlyWhen } : {}),
    },
    source: "mcp",
  };
}

/** The engine's tools plus `mystery_tool`, a workspace tool that declared no resources. */
export function graphToolDescriptors(): Map<string, ToolDescriptor> {
  const descriptors = new Map<string, ToolDescriptor>();
  for (const [name, entry] of Object.entries(entries)) {
    descriptors.set(
      name,
      describedTool({
        name,
        reads: entry.reads,
        writes: entry.writes,
        requiresApproval: entry.requires_approval,
        readOnlyWhen: entry.read_only_when,
      }),
    );
  }
  descriptors.set("mystery_tool", {
    name: "mystery_tool",
    description: "declares nothing",
    inputSchema: { type: "object" },
    catalogue: null,
    source: "workspace",
  });
  return descriptors;
}
