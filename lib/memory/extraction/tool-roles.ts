/**
 * The part a tool plays in answering a question, as learning reads a run (MEM-1, MEM-3):
 * `bookkeeping` tools keep the engine session going and say nothing about the question;
 * `preparation` tools load a graph or turn names into ids on the way to an answer; every other
 * tool answers. `purpose` is what a call of it finds out, in words with no names or figures, so
 * distilled knowledge can say which kind of question a run answered without quoting the run.
 */
export type ToolRole =
  | { kind: "bookkeeping" }
  | { kind: "preparation" | "answer"; purpose: string | null };

const bookkeeping = new Set([
  "register_session",
  "set_session_config",
  "delete_graph_session",
  "get_job_status",
  "workspace_set_environment",
]);

const preparation: Record<string, string> = {
  list_datasets: "list the project's datasets",
  construct_graph: "build a graph from a dataset",
  load_constructed_graph: "load a constructed graph",
  switch_graph_version: "load another revision of a graph",
  get_graph_info: "read a graph's size and schema",
  search_node: "find nodes by name",
  search_edge: "find edges by endpoint or property",
  read_skill: "read a skill",
  read_skill_file: "read a skill's file",
  workspace_list_files: "list the session's files",
  workspace_view_file: "read a session file",
};

const answers: Record<string, string> = {
  clear_graph: "unload the session's graphs",
  get_neighbors: "list a node's neighbours",
  subgraph_extraction: "cut a subgraph around nodes",
  degree_analysis: "analyse node degrees",
  node_centrality: "rank nodes by centrality",
  community_detection: "detect communities",
  shortest_path: "find the shortest path between two nodes",
  connectivity_analysis: "analyse components, bridges and articulation points",
  graph_metrics: "compute whole-graph metrics",
  node_structure: "measure per-node structure (triangles, clustering, cores)",
  node_similarity: "find similar nodes",
  project_graph: "project a bipartite graph onto one node type",
  query_graph: "aggregate the graph's tables with SQL",
  flow_analysis: "compute a maximum flow and minimum cut",
  spanning_tree: "compute a spanning tree",
  preview_graph_optimization: "preview edits to a graph",
  commit_graph_optimization: "save edits to a graph as a new revision",
  train: "train a graph model",
  infer: "predict with a trained model",
  training_summary: "compare trained models",
  visualize_subgraph: "draw a subgraph",
  create_analysis_report: "write an analysis report",
  export_graph: "export the graph to a file",
  workspace_run_command: "run a command over the session's files",
  workspace_publish_file: "publish a session file",
  propose_skill: "propose a skill",
};

/** The role of a tool by name; a tool learning does not know answers, without a purpose. */
export function toolRole(toolName: string): ToolRole {
  if (bookkeeping.has(toolName)) return { kind: "bookkeeping" };
  if (Object.hasOwn(preparation, toolName)) {
    return { kind: "preparation", purpose: preparation[toolName] };
  }
  return { kind: "answer", purpose: Object.hasOwn(answers, toolName) ? answers[toolName] : null };
}
