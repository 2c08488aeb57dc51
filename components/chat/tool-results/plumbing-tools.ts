/**
 * Calls that set the stage rather than answer (loading the graph, reading its state, finding
 * nodes, listing things): their cards fold to one line so the analysis cards and the answer
 * stay in view. Each can still be opened.
 */
const plumbingTools = new Set([
  "load_constructed_graph",
  "get_graph_info",
  "get_job_status",
  "register_session",
  "set_session_config",
]);

export function isPlumbingTool(toolName: string): boolean {
  return plumbingTools.has(toolName) || /^(search|list)_/.test(toolName);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * What a folded card says on its one line: the graph's size for a load or state check (never
 * its dataset id), else the tool's own summary.
 */
export function plumbingLine({ data, summary }: { data: unknown; summary: string | null }): string {
  if (isRecord(data) && typeof data.nodes === "number" && typeof data.edges === "number") {
    const direction =
      data.directed === true ? ", directed" : data.directed === false ? ", undirected" : "";
    const revision = typeof data.revision === "number" ? `, revision ${data.revision}` : "";
    return `the graph: ${data.nodes.toLocaleString("en-US")} nodes, ${data.edges.toLocaleString("en-US")} edges${direction}${revision}`;
  }
  if (isRecord(data) && data.loaded === false) return "no graph loaded";
  return summary ?? "";
}
