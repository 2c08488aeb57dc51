import type { Phrases } from "./phrase-book";

/** The measures' names in this language. */
export const chineseMeasureNames = {
  degree: "度中心性",
  pagerank: "PageRank",
  betweenness: "介数中心性",
  closeness: "接近中心性",
  eigenvector: "特征向量中心性",
  harmonic: "调和中心性",
  katz: "Katz 中心性",
  hits_hub: "HITS 枢纽值",
  hits_authority: "HITS 权威值",
} as const;

function list(items: string[]): string {
  return items.join("、");
}

function change(figures: {
  nodesRemoved: number;
  edgesRemoved: number;
  nodesMerged: number;
  before: { nodes: number; edges: number };
  after: { nodes: number; edges: number };
}): string {
  const merged = figures.nodesMerged > 0 ? `，合并 ${figures.nodesMerged} 个节点` : "";
  return `删除 ${figures.nodesRemoved} 个节点、${figures.edgesRemoved} 条边${merged}（节点 ${figures.before.nodes} → ${figures.after.nodes}，边 ${figures.before.edges} → ${figures.after.edges}）`;
}

/** Chinese answers. */
export const chinesePhrases: Phrases = {
  labels: {
    conclusion: "结论",
    sources: "依据",
    notes: "说明",
    rounding: "分数保留 4 位有效数字；精确值见工具结果。",
  },
  titleCapabilities: "离线模型能做什么",
  titleClear: "清空会话图",
  titleGraphInfo: "图状态",
  titleOptimization: "图优化",
  titleOverview: "图概览",

  measureName: (measure) => chineseMeasureNames[measure],
  communityAlgorithmName: (algorithm) =>
    algorithm === "label_propagation"
      ? "标签传播"
      : algorithm === "connected_components"
        ? "连通分量"
        : "Louvain",

  columnRank: "排名",
  columnNode: "节点",
  columnType: "类型",
  columnCommunity: "社区",
  columnSize: "规模",
  columnMembers: "成员（id）",
  columnStep: "步",
  columnHops: "跳数",
  columnCount: "数量",
  columnNodeType: "节点类型",
  columnEdgeType: "边类型",
  columnCommunitiesReached: "触及社区",
  columnNeighboursChecked: "已检查邻居",

  titleSaveSkill: "将分析保存为技能",
  skillDescription: (toolNames) => `在已加载的图上重复一次保存的分析：${toolNames.join("、")}。`,
  skillBodyIntro:
    "从之前一次运行保存的操作手册。编号均为占位符：请从会话状态和 search_node 的结果中填写，不要根据文件名猜测。",
  skillStepsHeading: "步骤（该次运行实际调用的工具，按顺序）",
  skillChecksHeading: "检查",
  skillChecks: [
    "先确认图的状态（get_graph_info 或 load_constructed_graph），再执行分析步骤。",
    "节点名称先用 search_node 转换为编号，再传给后续工具。",
    "需要审批的工具仍会暂停等待审批；本手册不授予任何权限。",
  ],
  skillProposed: (name) =>
    `已提议技能“${name}”。它在技能页面的审核队列中等待审核；审核通过之前不会用于任何运行。`,
  skillNothingToSave:
    "本会话中还没有可以保存的分析：请先运行一次分析（例如按 PageRank 找出重要节点），再提出保存。",
  cannotPlan:
    "这个问题我无法离线规划。内置的 local-rules 模型按固定规则工作，只理解下面列出的图请求；其他问题请选择已配置的大模型。",
  capabilitiesHeading: "离线可以做的事",
  capabilities: [
    '图的状态与计数："当前加载了什么图？"、"有多少个订单？" / "what graph is loaded?"',
    '节点的度与邻居："n33 的度是多少？"、"n0 的邻居" / "which nodes are connected to n5?"',
    '边、可达性与路径："n0 和 n33 之间有边吗？"、"p0 和 p3 之间是否存在路径？"、"A 到 B 的前 3 条最短路径"',
    '按度、PageRank、介数、接近、特征向量、调和、Katz 或 HITS 排名，可按类型和属性值筛选："PageRank 前10的节点" / "which officer has the most connections?"',
    '结构：三角形、聚类系数、k-核、直径、半径、密度、环、DAG、连通分量："图的直径是多少？" / "how many triangles are there?"',
    '社区及连接社区的桥梁节点："社区发现"、"连接多个社区的关键客户"',
    '相似度、可能的新连接、经常一起出现的节点对："哪两个节点最可能产生连接？" / "which products are bought together?"',
    '基于属性的聚合（SQL）："哪个城市的客户最多？"、"订单总金额最高的客户是谁？"',
    '最大流与生成树："n0 和 n33 之间有几条边不相交的路径？"、"生成树有多少条边？"',
    '清空会话图（需审批）："清空图" / "clear the graph"',
    '预览后经审批提交的优化："删除孤立节点"、"删除节点 n12"',
    '图的可视化或分析报告："可视化……"、"生成报告" / "visualise …", "write a report"',
  ],
  mlUnavailable:
    "本版本不提供图机器学习（训练与推理任务）：这里没有 train 或 infer 工具，因此我无法训练或运行模型，也不会给出任何准确率或预测结果。",
  mlNotPlannedOffline:
    "离线 local-rules 模型不规划图机器学习：训练需要审慎确定任务、特征、标签和数据划分（TC-1）。请选择已配置的大模型；我不会给出任何准确率或预测结果。",
  toolUnavailable: (toolName) => `本会话没有提供工具 ${toolName}，因此跳过了这一步。`,
  toolsUnavailable: (toolNames) => `这里无法完成：本会话没有提供工具 ${list(toolNames)}。`,
  turnLimitReached: (turns) =>
    `已进行 ${turns} 轮模型调用仍未完成计划，现已停止；已有结果见工具卡片。请换一个更具体的问题。`,
  unexpectedResult: (toolName) => `${toolName} 返回的结果无法解析，因此不能据此给出数字。`,

  callFailed: ({ toolName, code, message, line, column }) => {
    const where =
      line !== undefined ? `（第 ${line} 行${column !== undefined ? `第 ${column} 列` : ""}）` : "";
    return `${toolName} 执行失败，错误码 ${code}${message ? `：${message}` : "。"}${where}`;
  },
  callRejected: (toolName, reason) =>
    `${toolName} 未获批准${reason ? `（${reason}）` : ""}，没有执行，也没有任何改动。`,
  callAwaitingApproval: (toolName) => `${toolName} 正在等待你的审批，尚未执行。`,
  callWithoutResult: (toolName) => `${toolName} 没有返回结果，不能作为依据。`,
  sourceFailedCall: (toolName) => `${toolName}（失败）`,
  nextGraphNotLoaded:
    "下一步：先加载图——在消息中附加已构建的数据集，或让我加载一个；没有在空图上计算任何结果。",
  nextScopeRequired: "下一步：把数据集附加到消息或绑定到本会话；我只使用本项目范围内的数据集。",
  nextDatasetNotFound: "下一步：确认该数据集仍在本项目中，或重新上传。",
  nextNodeNotFound: "下一步：检查节点名称（精确名称请加引号），或先搜索该节点。",
  nextRevisionConflict:
    "下一步：预览之后已保存的图发生了变化——请再问一次，我会重新读取最新版本、重新预览并重新申请审批。",
  nextUploadUnavailable:
    "下一步：上传文件的存储副本已丢失；请重新上传该文件（文件内容本身没有问题）。",
  nextServiceUnavailable: "下一步：这一步依赖的服务暂时无法连接；请稍后再试。",
  nextFixFile: "下一步：按报告的行列位置修正文件后重新上传，或附加其他数据集。",
  nextRetryJob: "下一步：任务没有给出结果；请再问一次以重新运行。",
  nextInvalidRequest: "下一步：参数被拒绝；请用精确的名称或数值重新表述。",
  nextGraphNotWeighted:
    "下一步：此图没有边权重；请去掉“加权”再问，或用带权重列的文件（TXT 第三列、CSV weight 列）重新构建。",
  nextBlocked: (blockers) =>
    `下一步：由于 ${list(blockers)} 没有完成，这一步没有执行；请先解决它再重试。`,
  nextGeneric: "下一步：请重试；若持续失败，请查看工具卡片中的详情。",

  noGraphLoaded: "本会话当前没有加载图（已用 get_graph_info 核实）。",
  datasetBuilding: (dataset) =>
    `数据集 ${dataset} 仍在构建中，暂时没有可分析的图。构建完成后请再问一次。`,
  constructionNotReady: (datasetId, status) =>
    `${datasetId} 的构建没有成功完成${status ? `（状态 ${status}）` : ""}，没有可加载的图。`,
  scopeNotLoaded: (dataset, status, revision) =>
    `数据集 ${dataset} 在范围内（构建状态 ${status}${revision !== null ? `，版本 ${revision}` : ""}），但尚未加载；提出分析问题或说“加载图”，我就会加载它。`,
  chooseDataset: (datasets) =>
    `有多个已构建的数据集：${list(datasets)}。请把其中一个附加到消息或绑定到会话，我再加载它。`,
  attachOrConstruct:
    "本条消息没有附加数据集，会话也没有绑定数据集。请在“数据集”页面上传 CSV、TXT 或 SQL 文件并附加到消息，我会构建并加载它的图。",
  sourceGraph: ({ tool, dataset, revision, nodes, edges }) =>
    `图已由 ${tool} 核实${dataset ? `：数据集 ${dataset}` : ""}${revision !== undefined ? `，版本 ${revision}` : ""}${nodes !== undefined ? `，${nodes} 个节点` : ""}${edges !== undefined ? `，${edges} 条边` : ""}`,
  noteBuiltRevision: (revision) =>
    `该数据集没有可用的构建结果，因此先构建了版本 ${revision} 再加载。`,
  noteReusedConstruction: (revision) =>
    `该数据集已有就绪的构建结果${revision !== undefined ? `（版本 ${revision}）` : ""}，因此直接加载而没有重新构建；同一份上传会得到同样的图。`,
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
    `本会话已加载图（已用 ${verifiedBy} 核实）${dataset ? `：数据集 ${dataset}` : ""}${revision !== undefined ? `，版本 ${revision}` : ""}${version !== undefined ? `，会话版本 ${version}` : ""}——${nodes ?? "?"} 个节点、${edges ?? "?"} 条边，${directed ? "有向" : "无向"}${weighted ? "、带权" : ""}。`,
  stateHeading: "状态",
  nodeTypesHeading: "节点类型",
  edgeTypesHeading: "边类型",
  factAttachments: (attachments) => `本条消息附加：${list(attachments)}`,
  factBound: (datasetId) => `会话绑定的数据集：${datasetId}`,
  factNotBound: "会话没有绑定数据集",
  factConstruction: (datasetId, status, revision) =>
    `${datasetId} 的构建（会话状态）：${status}${revision !== null ? `，版本 ${revision}` : ""}`,
  factLoaded: (verifiedBy, revision) =>
    `引擎中已加载（已用 ${verifiedBy} 核实）：是${revision !== undefined ? `，版本 ${revision}` : ""}`,
  factScopeDiffers: (datasetId) =>
    `已加载的图不是来自范围内的数据集（${datasetId}）；如需使用它，请让我加载。`,

  scoredNode: (node, score) => `${node}（${score}）`,
  centralitySummary: ({ measure, shown, total, leaders }) =>
    `按${measure}，${total !== undefined ? `${total} 个节点中` : ""}排名最高的是 ${list(leaders)}${shown > leaders.length ? `；表中列出前 ${shown} 名` : ""}。`,
  centralityHeading: (measure, count, nodeType) =>
    `${measure}前 ${count} 名${nodeType ? ` ${nodeType} 类型` : ""}节点`,
  centralityEmpty: (measure, nodeType) =>
    `${measure}没有返回${nodeType ? ` ${nodeType} 类型的` : "任何"}节点：图中没有可排序的节点。`,
  noteSampledBetweenness: (sources) =>
    `介数中心性基于 ${sources ?? "部分"} 个抽样源节点估算（图太大，无法精确计算）。`,
  noteNotConverged: (iterations) =>
    `迭代${iterations !== undefined ? `在 ${iterations} 次后` : ""}未收敛；排名仅供参考。`,
  noteTypeFilter: (nodeType, fetched, kept) =>
    `只列出 ${nodeType} 类型的节点：整体前 ${fetched} 名中有 ${kept} 个。`,
  noteWeights: ({ measure, weighted, graphWeighted, column, meaning }) => {
    const from = column ? `（来自列 \`${column}\`）` : "";
    if (weighted && meaning === "length") {
      return `加权${measure}：边权重${from}视为长度，路径长度 = 权重之和（Dijkstra）。`;
    }
    if (weighted && meaning === "strength") return `加权${measure}：边权重${from}越大，传递越多。`;
    if (weighted) return `${measure}按边数计算，边权重${from}不参与。`;
    const unit = meaning === "length" ? "路径长度 = 跳数" : "每条边计为 1";
    return graphWeighted
      ? `未加权的${measure}（${unit}）；此图有边权重${from}，如需使用请要求加权${measure}。`
      : `未加权的${measure}（${unit}；此图没有边权重）。`;
  },

  communitySummary: ({ algorithm, count, modularity, largest }) =>
    `${algorithm} 找到 ${count} 个社区（模块度 ${modularity}）${largest !== undefined ? `；最大的社区有 ${largest} 个节点` : ""}。`,
  communityHeading: (listed, total) =>
    listed < total ? `${total} 个社区中最大的 ${listed} 个` : "社区",
  noteCommunitiesTruncated: (listed, total) => `只列出了 ${total} 个社区中最大的 ${listed} 个。`,

  pathNeedsTwoNames:
    "最短路径需要两个节点名称，例如：“A” 和 “B” 之间的最短路径（加引号可避免歧义）。",
  pathFound: ({ from, to, hops, chain, distance }) =>
    `从 ${from} 到 ${to} 的最短路径共 ${hops} 跳${distance !== undefined ? `（加权距离 ${distance}）` : ""}：${chain}。`,
  pathNotFound: (from, to, directed) =>
    `${directed ? "按边的方向，" : ""}从 ${from} 到 ${to} 没有路径：二者不连通。`,
  pathHeading: "路径",
  pathMeasure: "最短路径",
  nodeNotFoundByName: (name) => `已加载的图中没有与“${name}”匹配的节点（search_node 未找到）。`,
  noteNameMatched: ({ query, node, matchedOn, total }) =>
    `“${query}”被确认为 ${node}${matchedOn ? `（匹配字段 ${matchedOn}）` : ""}，是 ${total} 个搜索结果中的最佳匹配。`,

  neighboursNeedName: "请告诉我要查哪个节点的邻居，例如：“Alice” 的邻居。",
  neighboursSummary: ({ node, count, depth }) => `${node} 在 ${depth} 跳内有 ${count} 个邻居。`,
  neighboursHeading: (node) => `${node} 的邻居`,
  noteNeighboursTruncated: (limit) => `列表只显示前 ${limit} 个邻居，实际更多。`,

  bridgingPartition: ({ count, modularity, largest }) =>
    `Louvain 把图划分为 ${count} 个社区（模块度 ${modularity}）；最大的社区是 ${list(largest)}（括号内为规模）。`,
  bridgeLeader: ({ node, betweenness, communities }) =>
    `${node}（介数 ${betweenness}${communities !== undefined ? `，触及 ${communities} 个社区` : ""}）`,
  bridgingSummary: ({ bridges, candidates, leaders }) =>
    `介数最高的 ${candidates} 个节点中有 ${bridges} 个连接多个社区；最突出的是 ${list(leaders)}。`,
  bridgingNone: (candidates) =>
    `介数最高的 ${candidates} 个节点的邻居都在同一社区内：这里没有跨社区的桥接节点。`,
  bridgingWithoutMembership: (leaders) => `无法读取社区归属，因此只报告介数：${list(leaders)}。`,
  bridgingHeading: (nodeType) => `按介数排序的${nodeType ? ` ${nodeType} ` : ""}节点及其触及的社区`,
  noteBridgingMethod: (limit) =>
    `“触及社区”统计节点本身及其前 ${limit} 个邻居所属的不同 Louvain 社区数；介数衡量有多少最短路径经过该节点。`,
  noteBridgingInference:
    "推断：把这些节点视为关键连接者（中介、关键客户）是对图结构的解读，并非已核实的业务事实。",
  noteNeighbourSample: "标有 + 的节点只检查了前若干个邻居。",

  graphCleared: "会话图已清空。已保存的构建结果仍保留；重新加载即可继续分析。",
  nothingToClear: "本会话没有加载图，无需清空。",

  optimizationUnspecified:
    "请告诉我要做哪种修改：“删除孤立节点”或“删除节点 <名称>”；我会先预览，经你批准后才提交。",
  optimizationNeedsSavedRevision:
    "当前加载的图不是已保存的构建版本，无法优化并保存；请先加载一个已构建的数据集。",
  previewSummary: ({ dataset, revision, ...figures }) =>
    `在 ${dataset} 版本 ${revision} 上预览（未保存）：${change(figures)}。`,
  previewNoChange: "预览没有任何变化，无需提交。",
  commitNeedsApproval: "保存为新版本需要你的批准：提交已暂停，等待你批准或拒绝。",
  commitSummary: ({ dataset, baseRevision, revision, ...figures }) =>
    `已基于版本 ${baseRevision} 保存 ${dataset} 的版本 ${revision ?? "?"}：${change(figures)}。`,
  commitRanModified: (operations) =>
    `你在批准前修改了操作，提交执行的是你修改后的操作，而不是我提议的：${operations}。`,
  commitVerified: ({ revision, nodes, edges }) =>
    `已用 get_graph_info 核实：会话现在加载的是版本 ${revision ?? "?"}，共 ${nodes ?? "?"} 个节点、${edges ?? "?"} 条边。`,
  commitNotVerified: "提交后 get_graph_info 显示没有加载图；请加载新版本后继续。",

  commitVerifyMismatch: (saved, loaded) =>
    `但 get_graph_info 显示当前加载的是版本 ${loaded ?? "?"}，而不是新保存的版本 ${saved}；请先加载版本 ${saved} 再继续分析。`,
  visualizationSaved: ({ nodes, edges, sizeBy }) =>
    `已保存图视图（见上方卡片）：${nodes ?? "?"} 个节点、${edges ?? "?"} 条边，按社区着色，按 ${sizeBy} 调整大小。`,
  noteViewTruncated: "视图只显示了图的一部分（为保持可读性做了裁剪）。",
  reportSaved: ({ title, tools }) =>
    `已保存报告“${title}”（可从上方卡片打开），依据 ${list(tools)} 的结果。`,
  noteReportExplains: "报告用于解释这些结果，并不证明业务结论正确。",
};
