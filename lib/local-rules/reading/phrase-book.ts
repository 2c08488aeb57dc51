import type { CentralityMeasure } from "../planning/centrality-measure";

// Apart from phrases.ts, which picks a language's book: each book (phrases-en.ts,
// phrases-zh.ts) fills in this shape, and phrases.ts imports the books.

type Figures = {
  nodesRemoved: number;
  edgesRemoved: number;
  nodesMerged: number;
  before: { nodes: number; edges: number };
  after: { nodes: number; edges: number };
};

/** How a result used edge weights: `column` is where they came from, if the graph has any. */
export type WeightsUse = {
  measure: string;
  /** The call used the weights. */
  weighted: boolean;
  /** The loaded graph has weights (known from get_graph_info), and their column. */
  graphWeighted?: boolean;
  column?: string | null;
  /** Strength (PageRank, eigenvector) or length (paths, betweenness, closeness). */
  meaning: "strength" | "length" | "unused";
};

/**
 * Every sentence the offline model writes, per language, so answers to Chinese questions are
 * Chinese. Figures and names are passed in already formatted; phrases never invent numbers.
 */
export type Phrases = {
  labels: { conclusion: string; sources: string; notes: string; rounding: string };
  titleCapabilities: string;
  titleClear: string;
  titleGraphInfo: string;
  titleOptimization: string;
  titleOverview: string;
  measureName: (measure: CentralityMeasure) => string;
  communityAlgorithmName: (algorithm: string) => string;

  columnRank: string;
  columnNode: string;
  columnType: string;
  columnCommunity: string;
  columnSize: string;
  columnMembers: string;
  columnStep: string;
  columnHops: string;
  columnCount: string;
  columnNodeType: string;
  columnEdgeType: string;
  columnCommunitiesReached: string;
  columnNeighboursChecked: string;

  titleSaveSkill: string;
  /** The proposed skill's description, from the tools it repeats. */
  skillDescription: (toolNames: string[]) => string;
  skillBodyIntro: string;
  skillStepsHeading: string;
  skillChecksHeading: string;
  skillChecks: string[];
  skillProposed: (name: string) => string;
  skillNothingToSave: string;
  cannotPlan: string;
  capabilitiesHeading: string;
  capabilities: string[];
  mlUnavailable: string;
  mlNotPlannedOffline: string;
  toolUnavailable: (toolName: string) => string;
  toolsUnavailable: (toolNames: string[]) => string;
  turnLimitReached: (turns: number) => string;
  unexpectedResult: (toolName: string) => string;

  callFailed: (input: {
    toolName: string;
    code: string;
    message?: string;
    line?: number;
    column?: number;
  }) => string;
  callRejected: (toolName: string, reason?: string) => string;
  callAwaitingApproval: (toolName: string) => string;
  callWithoutResult: (toolName: string) => string;
  sourceFailedCall: (toolName: string) => string;
  nextGraphNotLoaded: string;
  nextScopeRequired: string;
  nextDatasetNotFound: string;
  nextNodeNotFound: string;
  nextRevisionConflict: string;
  nextUploadUnavailable: string;
  nextServiceUnavailable: string;
  nextFixFile: string;
  nextRetryJob: string;
  nextInvalidRequest: string;
  nextGraphNotWeighted: string;
  nextBlocked: (blockers: string[]) => string;
  nextGeneric: string;

  noGraphLoaded: string;
  datasetBuilding: (dataset: string) => string;
  constructionNotReady: (datasetId: string, status?: string) => string;
  scopeNotLoaded: (dataset: string, status: string, revision: number | null) => string;
  chooseDataset: (datasets: string[]) => string;
  attachOrConstruct: string;
  sourceGraph: (input: {
    tool: string;
    dataset?: string;
    revision?: number;
    nodes?: number;
    edges?: number;
  }) => string;
  noteBuiltRevision: (revision: number) => string;
  noteReusedConstruction: (revision?: number) => string;
  graphLoadedSummary: (input: {
    dataset?: string;
    revision?: number;
    version?: number;
    nodes?: number;
    edges?: number;
    directed?: boolean;
    weighted?: boolean;
    verifiedBy: string;
  }) => string;
  stateHeading: string;
  nodeTypesHeading: string;
  edgeTypesHeading: string;
  factAttachments: (attachments: string[]) => string;
  factBound: (datasetId: string) => string;
  factNotBound: string;
  factConstruction: (datasetId: string, status: string, revision: number | null) => string;
  factLoaded: (verifiedBy: string, revision?: number) => string;
  factScopeDiffers: (datasetId: string) => string;

  scoredNode: (node: string, score: string) => string;
  centralitySummary: (input: {
    measure: string;
    shown: number;
    total?: number;
    leaders: string[];
  }) => string;
  centralityHeading: (measure: string, count: number, nodeType: string | null) => string;
  centralityEmpty: (measure: string, nodeType: string | null) => string;
  noteSampledBetweenness: (sources?: number) => string;
  noteNotConverged: (iterations?: number) => string;
  noteTypeFilter: (nodeType: string, fetched: number, kept: number) => string;
  /** Whether a figure used edge weights, and what they meant (strength or length). */
  noteWeights: (input: WeightsUse) => string;

  communitySummary: (input: {
    algorithm: string;
    count: number;
    modularity: string;
    largest?: number;
  }) => string;
  communityHeading: (listed: number, total: number) => string;
  noteCommunitiesTruncated: (listed: number, total: number) => string;

  pathNeedsTwoNames: string;
  pathFound: (input: {
    from: string;
    to: string;
    hops: number;
    chain: string;
    distance?: string;
  }) => string;
  pathNotFound: (from: string, to: string, directed: boolean) => string;
  pathHeading: string;
  /** "shortest path", as a measure name in the weights note. */
  pathMeasure: string;
  nodeNotFoundByName: (name: string) => string;
  noteNameMatched: (input: {
    query: string;
    node: string;
    matchedOn?: string;
    total: number;
  }) => string;

  neighboursNeedName: string;
  neighboursSummary: (input: { node: string; count: number; depth: number }) => string;
  neighboursHeading: (node: string) => string;
  noteNeighboursTruncated: (limit: number) => string;

  bridgingPartition: (input: { count: number; modularity: string; largest: string[] }) => string;
  bridgeLeader: (input: { node: string; betweenness: string; communities?: number }) => string;
  bridgingSummary: (input: { bridges: number; candidates: number; leaders: string[] }) => string;
  bridgingNone: (candidates: number) => string;
  bridgingWithoutMembership: (leaders: string[]) => string;
  bridgingHeading: (nodeType: string | null) => string;
  noteBridgingMethod: (neighbourLimit: number) => string;
  noteBridgingInference: string;
  noteNeighbourSample: string;

  graphCleared: string;
  nothingToClear: string;

  optimizationUnspecified: string;
  optimizationNeedsSavedRevision: string;
  previewSummary: (input: Figures & { dataset: string; revision: number }) => string;
  previewNoChange: string;
  commitNeedsApproval: string;
  commitSummary: (
    input: Figures & { dataset: string; baseRevision: number; revision?: number },
  ) => string;
  /** The reviewer replaced the proposed operations (approval `modify`); these ones ran. */
  commitRanModified: (operations: string) => string;
  commitVerified: (input: { revision?: number; nodes?: number; edges?: number }) => string;
  commitNotVerified: string;
  commitVerifyMismatch: (saved: number, loaded?: number) => string;

  visualizationSaved: (input: {
    artifactId: string;
    nodes?: number;
    edges?: number;
    sizeBy: string;
  }) => string;
  noteViewTruncated: string;
  reportSaved: (input: { title: string; artifactId: string; tools: string[] }) => string;
  noteReportExplains: string;
};
