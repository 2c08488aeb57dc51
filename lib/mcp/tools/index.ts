import "server-only";
import type { ToolDefinition } from "../tool-definition";
import { clearGraphTool } from "./clear-graph";
import { commitGraphOptimizationTool } from "./commit-graph-optimization";
import { communityDetectionTool } from "./community-detection";
import { connectivityAnalysisTool } from "./connectivity-analysis";
import { constructGraphTool } from "./construct-graph";
import { createAnalysisReportTool } from "./create-analysis-report";
import { degreeAnalysisTool } from "./degree-analysis";
import { deleteGraphSessionTool } from "./delete-graph-session";
import { exportGraphTool } from "./export-graph";
import { flowAnalysisTool } from "./flow-analysis";
import { getGraphInfoTool } from "./get-graph-info";
import { getJobStatusTool } from "./get-job-status";
import { getNeighborsTool } from "./get-neighbors";
import { graphMetricsTool } from "./graph-metrics";
import { inferTool } from "./infer";
import { listDatasetsTool } from "./list-datasets";
import { loadConstructedGraphTool } from "./load-constructed-graph";
import { nodeCentralityTool } from "./node-centrality";
import { nodeSimilarityTool } from "./node-similarity";
import { nodeStructureTool } from "./node-structure";
import { previewGraphOptimizationTool } from "./preview-graph-optimization";
import { projectGraphTool } from "./project-graph";
import { queryGraphTool } from "./query-graph";
import { registerSessionTool } from "./register-session";
import { searchEdgeTool } from "./search-edge";
import { searchNodeTool } from "./search-node";
import { setSessionConfigTool } from "./set-session-config";
import { shortestPathTool } from "./shortest-path";
import { spanningTreeTool } from "./spanning-tree";
import { subgraphExtractionTool } from "./subgraph-extraction";
import { switchGraphVersionTool } from "./switch-graph-version";
import { trainTool } from "./train";
import { trainingSummaryTool } from "./training-summary";
import { visualizeSubgraphTool } from "./visualize-subgraph";

/**
 * Every engine tool in tools/list order (clients and the model see this order): session,
 * data, lookups, analysis, optimisation, documents. A new tool is one file plus one line here.
 */
export const engineTools: ToolDefinition[] = [
  registerSessionTool,
  deleteGraphSessionTool,
  setSessionConfigTool,
  listDatasetsTool,
  constructGraphTool,
  loadConstructedGraphTool,
  getGraphInfoTool,
  switchGraphVersionTool,
  clearGraphTool,
  searchNodeTool,
  searchEdgeTool,
  getNeighborsTool,
  subgraphExtractionTool,
  degreeAnalysisTool,
  nodeCentralityTool,
  communityDetectionTool,
  shortestPathTool,
  connectivityAnalysisTool,
  graphMetricsTool,
  nodeStructureTool,
  nodeSimilarityTool,
  projectGraphTool,
  queryGraphTool,
  flowAnalysisTool,
  spanningTreeTool,
  previewGraphOptimizationTool,
  commitGraphOptimizationTool,
  trainTool,
  inferTool,
  trainingSummaryTool,
  visualizeSubgraphTool,
  createAnalysisReportTool,
  exportGraphTool,
  getJobStatusTool,
];
