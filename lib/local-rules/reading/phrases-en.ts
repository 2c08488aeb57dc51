import type { Phrases } from "./phrase-book";

/** The measures' names in this language. */
export const englishMeasureNames = {
  degree: "degree centrality",
  pagerank: "PageRank",
  betweenness: "betweenness centrality",
  closeness: "closeness centrality",
  eigenvector: "eigenvector centrality",
  harmonic: "harmonic centrality",
  katz: "Katz centrality",
  hits_hub: "HITS hub score",
  hits_authority: "HITS authority score",
} as const;

function list(items: string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

function change(figures: {
  nodesRemoved: number;
  edgesRemoved: number;
  nodesMerged: number;
  before: { nodes: number; edges: number };
  after: { nodes: number; edges: number };
}): string {
  const merged = figures.nodesMerged > 0 ? `, merge ${plural(figures.nodesMerged, "node")}` : "";
  return `${plural(figures.nodesRemoved, "node")} and ${plural(figures.edgesRemoved, "edge")} removed${merged} (nodes ${figures.before.nodes} → ${figures.after.nodes}, edges ${figures.before.edges} → ${figures.after.edges})`;
}

/** English answers. */
export const englishPhrases: Phrases = {
  labels: {
    conclusion: "Conclusion",
    sources: "Sources",
    notes: "Notes",
    rounding:
      "Scores are rounded to 4 significant digits; the exact values are in the tool results.",
  },
  titleCapabilities: "What the offline model can do",
  titleClear: "Clearing the session graph",
  titleGraphInfo: "Graph state",
  titleOptimization: "Graph optimisation",
  titleOverview: "Graph overview",

  measureName: (measure) => englishMeasureNames[measure],
  communityAlgorithmName: (algorithm) =>
    algorithm === "label_propagation"
      ? "Label propagation"
      : algorithm === "connected_components"
        ? "Connected components"
        : "Louvain",

  columnRank: "Rank",
  columnNode: "Node",
  columnType: "Type",
  columnCommunity: "Community",
  columnSize: "Size",
  columnMembers: "Members (ids)",
  columnStep: "Step",
  columnHops: "Hops",
  columnCount: "Count",
  columnNodeType: "Node type",
  columnEdgeType: "Edge type",
  columnCommunitiesReached: "Communities reached",
  columnNeighboursChecked: "Neighbours checked",

  titleSaveSkill: "Saving the analysis as a skill",
  skillDescription: (toolNames) =>
    `Repeat a saved analysis on a loaded graph: ${toolNames.join(", ")}.`,
  skillBodyIntro:
    "A playbook saved from an earlier run. Ids are placeholders: fill them from the session state and search_node results, never from file names.",
  skillStepsHeading: "Steps (the tool calls that run made, in order)",
  skillChecksHeading: "Checks",
  skillChecks: [
    "Verify the graph first (get_graph_info or load_constructed_graph) before the analysis steps.",
    "Turn node names into ids with search_node before passing them on.",
    "A tool that needs approval still pauses for it; this playbook grants nothing.",
  ],
  skillProposed: (name) =>
    `Proposed the skill "${name}". It is waiting in the review queue on the Skills page; it reaches no run until a reviewer approves it.`,
  skillNothingToSave:
    "There is no earlier analysis in this session to save: run one first (for example the top nodes by PageRank), then ask again.",
  cannotPlan:
    "I can't plan that offline. The built-in local-rules model follows fixed rules and only understands the graph requests listed below; for anything else, choose a configured LLM model.",
  capabilitiesHeading: "What I can do offline",
  capabilities: [
    'Graph state and counts: "what graph is loaded?", "how many orders are there?" / "图的状态", "有多少个节点？"',
    'Degree and neighbours of a node: "what is the degree of n33?", "which nodes are connected to n5?" / "n0 的邻居"',
    'Edges, reachability and paths: "is there an edge between n0 and n33?", "is n15 reachable from n16?", "the 3 shortest paths from A to B" / "A 和 B 之间的最短路径"',
    'Top-k by degree, PageRank, betweenness, closeness, eigenvector, harmonic, Katz or HITS, with type and value filters: "which officer has the most connections?" / "PageRank 前10的节点"',
    'Structure: triangles, clustering, k-cores, diameter, radius, density, cycles, DAG, components: "how many triangles are there?" / "图的直径是多少？"',
    'Communities and the nodes that bridge them: "find the communities", "which members bridge the two factions?" / "社区发现"',
    'Similarity, likely links and pairs that go together: "most similar to n32 by Jaccard", "which products are bought together?" / "哪两个节点最可能产生连接？"',
    'Aggregates over properties (SQL): "which city has the most customers?", "average order total" / "订单总金额最高的客户"',
    'Flows and spanning trees: "how many edge-disjoint paths connect A and B?", "edges of a spanning tree" / "最大流", "生成树"',
    'Clear the session graph (with approval): "clear the graph" / "清空图"',
    'Optimisation with preview and approved commit: "remove isolated nodes", "remove node n12" / "删除孤立节点"',
    'A graph view or an analysis report: "visualise …", "write a report" / "可视化", "生成报告"',
  ],
  mlUnavailable:
    "Graph machine learning (training and inference jobs) is not available in this version: no train or infer tool is offered here, so I can't train or run a model, and I won't report any accuracy or prediction.",
  mlNotPlannedOffline:
    "The offline local-rules model does not plan graph machine learning: a training needs a task, features, labels and a split chosen with judgement (TC-1). Choose a configured LLM model for that; I won't report any accuracy or prediction.",
  toolUnavailable: (toolName) =>
    `The tool ${toolName} is not offered in this session, so that step was skipped.`,
  toolsUnavailable: (toolNames) =>
    `I can't do this here: the tool${toolNames.length > 1 ? "s" : ""} ${list(toolNames)} ${toolNames.length > 1 ? "are" : "is"} not offered in this session.`,
  turnLimitReached: (turns) =>
    `I stopped after ${turns} model turns without finishing the plan; the results so far are in the tool cards. Ask again with a narrower question.`,
  unexpectedResult: (toolName) =>
    `${toolName} returned a result I can't read, so I can't present figures from it.`,

  callFailed: ({ toolName, code, message, line, column }) => {
    const where =
      line !== undefined
        ? ` (line ${line}${column !== undefined ? `, column ${column}` : ""})`
        : "";
    return `${toolName} failed with ${code}${message ? `: ${message}` : "."}${where}`;
  },
  callRejected: (toolName, reason) =>
    `${toolName} was not approved${reason ? ` (${reason})` : ""}, so it did not run and nothing was changed.`,
  callAwaitingApproval: (toolName) =>
    `${toolName} is waiting for your approval; it has not run yet.`,
  callWithoutResult: (toolName) => `${toolName} returned no result, so I can't rely on it.`,
  sourceFailedCall: (toolName) => `${toolName} (failed)`,
  nextGraphNotLoaded:
    "Next step: load a graph first — attach a constructed dataset to your message or ask me to load one; no result was computed on an empty graph.",
  nextScopeRequired:
    "Next step: attach the dataset to your message or bind it to this session; I only use datasets in this project's scope.",
  nextDatasetNotFound:
    "Next step: check that the dataset still exists in this project, or upload it again.",
  nextNodeNotFound: "Next step: check the node name (quote exact names), or search for it first.",
  nextRevisionConflict:
    "Next step: the saved graph changed since the preview — ask again so I re-read the newest revision, preview again and ask for a new approval.",
  nextUploadUnavailable:
    "Next step: the stored copy of the uploaded file is missing; upload the file again (nothing is wrong with its contents).",
  nextServiceUnavailable:
    "Next step: a service this step needs could not be reached; try again in a moment.",
  nextFixFile:
    "Next step: fix the file (see the reported line and column) and upload it again, or attach another dataset.",
  nextRetryJob: "Next step: the job did not deliver a result; ask again to rerun it.",
  nextInvalidRequest:
    "Next step: the arguments were refused; rephrase the request with exact names or values.",
  nextGraphNotWeighted:
    "Next step: this graph has no edge weights; ask again without “weighted”, or rebuild it from a file with a weight column (a TXT third column, a CSV weight column).",
  nextBlocked: (blockers) =>
    `Next step: it did not run because ${list(blockers)} did not finish; fix that first, then ask again.`,
  nextGeneric: "Next step: try again; if it keeps failing, check the tool card for details.",

  noGraphLoaded: "No graph is loaded in this session (checked with get_graph_info).",
  datasetBuilding: (dataset) =>
    `Dataset ${dataset} is still being constructed, so there is no graph to analyse yet. Ask again once its construction is ready.`,
  constructionNotReady: (datasetId, status) =>
    `The construction of ${datasetId} did not finish as ready${status ? ` (status ${status})` : ""}, so there is no graph to load.`,
  scopeNotLoaded: (dataset, status, revision) =>
    `Dataset ${dataset} is in scope (construction ${status}${revision !== null ? `, revision ${revision}` : ""}) but not loaded; ask an analysis question or "load the graph" and I'll load it.`,
  chooseDataset: (datasets) =>
    `Several constructed datasets are available: ${list(datasets)}. Attach one to your message or bind it to the session, and I'll load it.`,
  attachOrConstruct:
    "No dataset is attached to this message or bound to the session. Upload a CSV, TXT or SQL file on the Datasets page and attach it, and I'll construct and load its graph.",
  sourceGraph: ({ tool, dataset, revision, nodes, edges }) =>
    `graph verified by ${tool}${dataset ? `: dataset ${dataset}` : ""}${revision !== undefined ? `, revision ${revision}` : ""}${nodes !== undefined ? `, ${nodes} nodes` : ""}${edges !== undefined ? `, ${edges} edges` : ""}`,
  noteBuiltRevision: (revision) =>
    `The dataset had no usable construction, so I built revision ${revision} before loading it.`,
  noteReusedConstruction: (revision) =>
    `The dataset already has a ready construction${revision !== undefined ? ` (revision ${revision})` : ""}, so I loaded it instead of rebuilding it; the same upload would give the same graph.`,
  graphLoadedSummary: ({
    dataset,
    revision,
    version,
    nodes,
    edges,
    directed,
    weighted,
    verifiedBy,
  }) =>
    `A graph is loaded in this session (verified with ${verifiedBy})${dataset ? `: dataset ${dataset}` : ""}${revision !== undefined ? `, revision ${revision}` : ""}${version !== undefined ? `, version ${version}` : ""} — ${nodes ?? "?"} nodes and ${edges ?? "?"} edges, ${directed ? "directed" : "undirected"}${weighted ? ", weighted" : ""}.`,
  stateHeading: "State",
  nodeTypesHeading: "Node types",
  edgeTypesHeading: "Edge types",
  factAttachments: (attachments) => `Attached to this message: ${list(attachments)}`,
  factBound: (datasetId) => `Dataset bound to the session: ${datasetId}`,
  factNotBound: "No dataset is bound to the session",
  factConstruction: (datasetId, status, revision) =>
    `Construction of ${datasetId} (session state): ${status}${revision !== null ? `, revision ${revision}` : ""}`,
  factLoaded: (verifiedBy, revision) =>
    `Loaded in the engine (verified with ${verifiedBy}): yes${revision !== undefined ? `, revision ${revision}` : ""}`,
  factScopeDiffers: (datasetId) =>
    `The loaded graph is not from the dataset in scope (${datasetId}); ask to load it if you want that one.`,

  scoredNode: (node, score) => `${node} with ${score}`,
  centralitySummary: ({ measure, shown, total, leaders }) =>
    `By ${measure}, the highest-ranked ${total !== undefined ? `of ${total} nodes ` : "nodes "}${leaders.length === 1 ? "is" : "are"} ${list(leaders)}${shown > leaders.length ? `; the table lists the top ${shown}` : ""}.`,
  centralityHeading: (measure, count, nodeType) =>
    `Top ${count} ${nodeType ? `${nodeType} nodes` : "nodes"} by ${measure}`,
  centralityEmpty: (measure, nodeType) =>
    `${measure} returned no ${nodeType ? `${nodeType} ` : ""}nodes: the graph has none to rank.`,
  noteSampledBetweenness: (sources) =>
    `Betweenness was estimated from ${sources ?? "a sample of"} sampled source nodes (the graph is too large for the exact computation).`,
  noteNotConverged: (iterations) =>
    `The iteration did not converge${iterations !== undefined ? ` after ${iterations} iterations` : ""}; treat the ranking as approximate.`,
  noteTypeFilter: (nodeType, fetched, kept) =>
    `Only nodes of type ${nodeType} are listed: ${kept} of the top ${fetched} overall.`,
  noteWeights: ({ measure, weighted, graphWeighted, column, meaning }) => {
    // A header-less file names its weight column "column 3": say that once, not "column column 3".
    const from = column
      ? /^column \d+$/.test(column)
        ? ` from ${column}`
        : ` from column \`${column}\``
      : "";
    if (weighted && meaning === "length") {
      return `Weighted ${measure} (edge weights${from}, read as lengths: path length = sum of weights, Dijkstra).`;
    }
    if (weighted && meaning === "strength") {
      return `Weighted ${measure} (edge weights${from}: a heavier edge carries more).`;
    }
    if (weighted) return `${measure} counts edges; the edge weights${from} do not enter it.`;
    const unit = meaning === "length" ? "path length = number of hops" : "every edge counts 1";
    return graphWeighted
      ? `Unweighted ${measure} (${unit}); the graph has edge weights${from} — ask for the weighted ${measure} to use them.`
      : `Unweighted ${measure} (${unit}; the graph has no edge weights).`;
  },

  communitySummary: ({ algorithm, count, modularity, largest }) =>
    `${algorithm} found ${plural(count, "community", "communities")} (modularity ${modularity})${largest !== undefined ? `; the largest has ${plural(largest, "node")}` : ""}.`,
  communityHeading: (listed, total) =>
    listed < total ? `The ${listed} largest of ${total} communities` : "Communities",
  noteCommunitiesTruncated: (listed, total) =>
    `Only the ${listed} largest of ${total} communities are listed.`,

  pathNeedsTwoNames:
    'I need two node names for a shortest path, e.g. shortest path from "Alice" to "Bob" (quotes make names unambiguous).',
  pathFound: ({ from, to, hops, chain, distance }) =>
    `The shortest path from ${from} to ${to} has ${plural(hops, "hop")}${distance !== undefined ? ` (weighted distance ${distance})` : ""}: ${chain}.`,
  pathNotFound: (from, to, directed) =>
    `There is no path from ${from} to ${to}${directed ? " following edge directions" : ""}: they are not connected.`,
  pathHeading: "Path",
  pathMeasure: "shortest path",
  nodeNotFoundByName: (name) =>
    `No node matches "${name}" in the loaded graph (search_node found nothing).`,
  noteNameMatched: ({ query, node, matchedOn, total }) =>
    `"${query}" was taken as ${node}${matchedOn ? ` (matched on ${matchedOn})` : ""}, the best of ${total} search match${total === 1 ? "" : "es"}.`,

  neighboursNeedName: 'I need the node whose neighbours you want, e.g. neighbours of "Alice".',
  neighboursSummary: ({ node, count, depth }) =>
    `${node} has ${plural(count, "neighbour")} within ${plural(depth, "hop")}.`,
  neighboursHeading: (node) => `Neighbours of ${node}`,
  noteNeighboursTruncated: (limit) => `The list stops at ${limit} neighbours; there are more.`,

  bridgingPartition: ({ count, modularity, largest }) =>
    `Louvain splits the graph into ${plural(count, "community", "communities")} (modularity ${modularity}); the largest are ${list(largest)} (size in brackets).`,
  bridgeLeader: ({ node, betweenness, communities }) =>
    `${node} (betweenness ${betweenness}${communities !== undefined ? `, reaches ${communities} communities` : ""})`,
  bridgingSummary: ({ bridges, candidates, leaders }) =>
    `${bridges} of the ${candidates} nodes with the highest betweenness connect several communities; the strongest are ${list(leaders)}.`,
  bridgingNone: (candidates) =>
    `None of the ${candidates} nodes with the highest betweenness has neighbours in another community: no node bridges communities here.`,
  bridgingWithoutMembership: (leaders) =>
    `The community membership could not be read, so only betweenness is reported: ${list(leaders)}.`,
  bridgingHeading: (nodeType) =>
    `${nodeType ? `${nodeType} nodes` : "Nodes"} by betweenness and the communities they reach`,
  noteBridgingMethod: (limit) =>
    `"Communities reached" counts the distinct Louvain communities of a node and its first ${limit} neighbours; betweenness measures how many shortest paths pass through it.`,
  noteBridgingInference:
    "Inference: reading these nodes as key connectors (brokers, key customers) is an interpretation of the graph structure, not a verified business fact.",
  noteNeighbourSample: "For nodes marked with +, only their first neighbours were checked.",

  graphCleared:
    "The session graph was cleared. Saved constructions are kept; load one again to continue analysing.",
  nothingToClear: "No graph was loaded in this session, so there was nothing to clear.",

  optimizationUnspecified:
    'Tell me which change to make: "remove isolated nodes" or "remove node <name>"; I preview it first and commit only with your approval.',
  optimizationNeedsSavedRevision:
    "The loaded graph is not a saved construction revision, so it can't be optimised and saved; load a constructed dataset first.",
  previewSummary: ({ dataset, revision, ...figures }) =>
    `Preview on ${dataset} revision ${revision} (nothing saved): ${change(figures)}.`,
  previewNoChange: "The preview changes nothing, so there is nothing to commit.",
  commitNeedsApproval:
    "Saving this as a new revision needs your approval: the commit is paused until you approve or reject it.",
  commitSummary: ({ dataset, baseRevision, revision, ...figures }) =>
    `Saved ${dataset} revision ${revision ?? "?"} from revision ${baseRevision}: ${change(figures)}.`,
  commitRanModified: (operations) =>
    `You modified the operations before approving, so the commit ran yours, not the ones I proposed: ${operations}.`,
  commitVerified: ({ revision, nodes, edges }) =>
    `Verified with get_graph_info: the session now has revision ${revision ?? "?"} loaded, with ${nodes ?? "?"} nodes and ${edges ?? "?"} edges.`,
  commitNotVerified:
    "get_graph_info shows no loaded graph after the commit; load the new revision to continue.",

  commitVerifyMismatch: (saved, loaded) =>
    `But get_graph_info shows revision ${loaded ?? "?"} loaded, not the saved revision ${saved}; load revision ${saved} before analysing further.`,
  // Ids stay out of the prose: the tool card above the answer holds the saved view or report.
  visualizationSaved: ({ nodes, edges, sizeBy }) =>
    `Saved a graph view (shown in its card above): ${nodes ?? "?"} nodes and ${edges ?? "?"} edges, coloured by community and sized by ${sizeBy}.`,
  noteViewTruncated: "The view shows part of the graph only (it was cut to stay readable).",
  reportSaved: ({ title, tools }) =>
    `Saved the report "${title}" (open it from its card above) from the results of ${list(tools)}.`,
  noteReportExplains:
    "The report explains these results; it is not a proof of business correctness.",
};
