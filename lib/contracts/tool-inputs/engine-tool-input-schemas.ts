import { clearGraphInputSchema } from "./clear-graph-input";
import { commitGraphOptimizationInputSchema } from "./commit-graph-optimization-input";
import { communityDetectionInputSchema } from "./community-detection-input";
import { connectivityAnalysisInputSchema } from "./connectivity-analysis-input";
import { constructGraphInputSchema } from "./construct-graph-input";
import { createAnalysisReportInputSchema } from "./create-analysis-report-input";
import { degreeAnalysisInputSchema } from "./degree-analysis-input";
import { deleteGraphSessionInputSchema } from "./delete-graph-session-input";
import { exportGraphInputSchema } from "./export-graph-input";
import { flowAnalysisInputSchema } from "./flow-analysis-input";
import { getGraphInfoInputSchema } from "./get-graph-info-input";
import { getJobStatusInputSchema } from "./get-job-status-input";
import { getNeighborsInputSchema } from "./get-neighbors-input";
import { graphMetricsInputSchema } from "./graph-metrics-input";
import { inferInputSchema } from "./infer-input";
import { listDatasetsInputSchema } from "./list-datasets-input";
import { loadConstructedGraphInputSchema } from "./load-constructed-graph-input";
import { nodeCentralityInputSchema } from "./node-centrality-input";
import { nodeSimilarityInputSchema } from "./node-similarity-input";
import { nodeStructureInputSchema } from "./node-structure-input";
import { previewGraphOptimizationInputSchema } from "./preview-graph-optimization-input";
import { projectGraphInputSchema } from "./project-graph-input";
import { queryGraphInputSchema } from "./query-graph-input";
import { registerSessionInputSchema } from "./register-session-input";
import { searchEdgeInputSchema } from "./search-edge-input";
import { searchNodeInputSchema } from "./search-node-input";
import { setSessionConfigInputSchema } from "./set-session-config-input";
import { shortestPathInputSchema } from "./shortest-path-input";
import { spanningTreeInputSchema } from "./spanning-tree-input";
import { subgraphExtractionInputSchema } from "./subgraph-extraction-input";
import { switchGraphVersionInputSchema } from "./switch-graph-version-input";
import { trainInputSchema } from "./train-input";
import { trainingSummaryInputSchema } from "./training-summary-input";
import { visualizeSubgraphInputSchema } from "./visualize-subgraph-input";

// Client-safe (zod only): tests and clients validate tool arguments with the engine's own
// schemas instead of hand-kept copies. A unit test checks every registered tool uses its entry.

/** Every graph-engine tool's input schema, by tool name, in tools/list order. */
export const engineToolInputSchemas = {
  register_session: registerSessionInputSchema,
  delete_graph_session: deleteGraphSessionInputSchema,
  set_session_config: setSessionConfigInputSchema,
  list_datasets: listDatasetsInputSchema,
  construct_graph: constructGraphInputSchema,
  load_constructed_graph: loadConstructedGraphInputSchema,
  get_graph_info: getGraphInfoInputSchema,
  switch_graph_version: switchGraphVersionInputSchema,
  clear_graph: clearGraphInputSchema,
  search_node: searchNodeInputSchema,
  search_edge: searchEdgeInputSchema,
  get_neighbors: getNeighborsInputSchema,
  subgraph_extraction: subgraphExtractionInputSchema,
  degree_analysis: degreeAnalysisInputSchema,
  node_centrality: nodeCentralityInputSchema,
  community_detection: communityDetectionInputSchema,
  shortest_path: shortestPathInputSchema,
  connectivity_analysis: connectivityAnalysisInputSchema,
  graph_metrics: graphMetricsInputSchema,
  node_structure: nodeStructureInputSchema,
  node_similarity: nodeSimilarityInputSchema,
  project_graph: projectGraphInputSchema,
  query_graph: queryGraphInputSchema,
  flow_analysis: flowAnalysisInputSchema,
  spanning_tree: spanningTreeInputSchema,
  preview_graph_optimization: previewGraphOptimizationInputSchema,
  commit_graph_optimization: commitGraphOptimizationInputSchema,
  train: trainInputSchema,
  infer: inferInputSchema,
  training_summary: trainingSummaryInputSchema,
  visualize_subgraph: visualizeSubgraphInputSchema,
  create_analysis_report: createAnalysisReportInputSchema,
  export_graph: exportGraphInputSchema,
  get_job_status: getJobStatusInputSchema,
} as const;

/** A graph-engine tool's name. */
export type EngineToolName = keyof typeof engineToolInputSchemas;
