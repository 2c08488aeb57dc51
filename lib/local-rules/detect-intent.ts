import { detectMlIntent, type MlIntent } from "./detect-ml-intent";
import {
  extractNeighbourSubject,
  extractPathEndpoints,
  extractRemovalNames,
} from "./node-name-extraction";
import { parseRequestedCount, parseRequestedDepth } from "./question-numbers";

/** A centrality measure node_centrality accepts. */
export type CentralityMeasure = "degree" | "pagerank" | "betweenness" | "closeness" | "eigenvector";

/** A community algorithm community_detection accepts. */
export type CommunityAlgorithm = "louvain" | "label_propagation" | "connected_components";

/** One read-only analysis the question asks for; several may run in one batch. */
export type AnalysisIntent =
  | { kind: "centrality"; measure: CentralityMeasure; topK: number }
  | { kind: "communities"; algorithm: CommunityAlgorithm }
  | { kind: "path"; source: string | null; target: string | null }
  | { kind: "neighbours"; node: string | null; depth: number; limit: number }
  | { kind: "bridging"; topK: number };

/** What the question asks for, as far as the offline rules understand it (AF-4). */
export type QuestionIntent =
  | {
      kind: "analysis";
      analyses: AnalysisIntent[];
      visualize: boolean;
      report: boolean;
    }
  | { kind: "graph-info"; prepare: boolean }
  | { kind: "clear" }
  | { kind: "optimize"; dropIsolated: boolean; removeNames: string[] }
  /** `ml`: the request the rules can plan (detect-ml-intent.ts), null for any other ML ask. */
  | { kind: "machine-learning"; ml: MlIntent | null }
  | { kind: "save-skill" }
  | { kind: "unknown" };

const patterns = {
  // "Save this analysis as a skill / playbook" (SK-4), in English and Chinese.
  saveSkill:
    /\b(?:save|store|keep|turn|make|record|capture)\b[^.?!]{0,50}\b(?:as|into)\s+(?:a\s+|an\s+|the\s+)?(?:new\s+|reusable\s+)?(?:skill|playbook)s?\b|(?:保存|存为|存成|沉淀|记录|做成|整理)[^。？！]{0,15}(?:技能|剧本|操作手册|playbook)/i,
  clear:
    /\b(?:clear|reset|unload|wipe|empty)\b[^.?!]{0,30}\bgraphs?\b|清空|清除(?:当前|会话|这个)?(?:的)?图|卸载(?:当前)?图|重置(?:当前)?图/i,
  optimize:
    /\bisolated\b|\borphan(?:ed)?\s+nodes\b|孤立|\b(?:remove|delete|drop|prune)\s+(?:the\s+)?(?:nodes?|vertex|vertices)\b|(?:删除|移除|去掉|删掉)\s*节点|\boptimi[sz](?:e|ation)\b[^.?!]{0,20}\bgraph|优化(?:这个|当前)?图/i,
  machineLearning:
    /\btrain(?:ing)?\b|\bfit\b[^.?!]{0,20}\bmodel|\bpredict(?:ion|ions|ive)?\b|\bclassif(?:y|ication|ier)\b|\binfer(?:ence)?\b|\bgcn\b|graphsage|\bembedding|machine learning|机器学习|训练|预测|推断|推理|分类|图神经网络/i,
  community:
    /communit|\bclusters?\b|\bclustering\b|modularity|louvain|label propagation|connected components|社区|社群|聚类|模块度|团体|群组|连通分量/i,
  bridgingVerb:
    /\bconnect(?:s|ing)?\b|\bbridg|\bspan|\bacross\b|\blink(?:s|ing)?\b|\bbetween\b|\bjoin(?:s|ing)?\b|\bstraddl|several|multiple|连接|跨|桥|沟通|之间|多个/i,
  centrality:
    /central|pagerank|page rank|betweenness|closeness|eigenvector|\bdegree\b|most (?:important|influential|connected)|\bkey (?:nodes|players|customers|users|accounts|entities)\b|influential|\bhubs?\b|中心性|中心度|重要(?:的)?节点|最重要|最核心|关键节点|关键客户|关键用户|影响力|核心节点|度数/i,
  path: /shortest (?:path|route)|\bpath (?:from|between)\b|\broute (?:from|between)\b|\bhow (?:is|are|does|do)\b.+\b(?:connected|linked|related|reach)\b|最短路径|最短路|路径/i,
  neighbours:
    /neighbou?r|\badjacent\b|directly connected|\bconnected to\b|邻居|相邻|邻接|相连|直接连接/i,
  visualize:
    /visuali[sz]|\bdraw\b|\bplot\b|\brender\b|\bdiagram\b|\bpicture\b|graph view|可视化|画出|画一|绘制|图示|展示.{0,6}图/i,
  report: /\breport\b|write-?up|报告|报表/i,
  graphInfo:
    /graph info|\b(?:graph|session|data) (?:state|status)\b|\bstatus\b|\bstate\b|\bis (?:a|the|any|my) graph loaded|\bwhat graph|\bwhich graph|\bwhat(?:'s| is) in (?:the|my|this) graph|\bloaded\b|how many (?:nodes|edges)|\bdescribe\b|\boverview\b|\bsummar(?:y|ize|ise)\b|node count|edge count|图信息|图的?状态|当前图|加载了|多少(?:个)?节点|多少(?:条)?边|概况|基本信息|状态|概览/i,
  prepare: /\b(?:load|build|construct|rebuild|import)\b|加载|构建|构图|建图|导入/i,
};

/** Whether the question asks to build a graph (answered by loading when one is ready, SS-3). */
export function asksToBuild(question: string): boolean {
  return /\b(?:re)?build\b|\bconstruct|构建|构图|建图|重建/i.test(question);
}

/** The centrality measure named in the question; PageRank when none is. */
export function detectCentralityMeasure(question: string): CentralityMeasure {
  if (/betweenn?ess|介数|中介/i.test(question)) return "betweenness";
  if (/closeness|接近中心|紧密中心|接近度|紧密度/i.test(question)) return "closeness";
  if (/eigenvector|特征向量/i.test(question)) return "eigenvector";
  if (/page\s*rank/i.test(question)) return "pagerank";
  if (/\bdegree\b|most connected|度中心|度数|节点度|连接最多/i.test(question)) return "degree";
  return "pagerank";
}

function detectCommunityAlgorithm(question: string): CommunityAlgorithm {
  if (/label propagation|标签传播/i.test(question)) return "label_propagation";
  if (/connected components|连通分量/i.test(question)) return "connected_components";
  return "louvain";
}

function detectAnalyses(question: string): AnalysisIntent[] {
  const analyses: AnalysisIntent[] = [];
  const community = patterns.community.test(question);
  // "Key nodes that connect several communities" needs both measures (AF-4, SS-5).
  const bridging = community && patterns.bridgingVerb.test(question);
  const path = patterns.path.test(question);
  if (bridging) {
    analyses.push({
      kind: "bridging",
      topK: parseRequestedCount({ question, fallback: 10, max: 20 }),
    });
  } else {
    if (patterns.centrality.test(question)) {
      analyses.push({
        kind: "centrality",
        measure: detectCentralityMeasure(question),
        topK: parseRequestedCount({ question, fallback: 10, max: 1000 }),
      });
    }
    if (community) {
      analyses.push({ kind: "communities", algorithm: detectCommunityAlgorithm(question) });
    }
  }
  if (path) analyses.push({ kind: "path", ...extractPathEndpoints(question) });
  // "How is A connected to B" is a path question, not a neighbourhood one.
  const neighbours = path
    ? /neighbou?r|邻居|相邻|邻接/i.test(question)
    : patterns.neighbours.test(question);
  if (neighbours && !bridging) {
    analyses.push({
      kind: "neighbours",
      node: extractNeighbourSubject(question),
      depth: parseRequestedDepth({ question }),
      limit: 50,
    });
  }
  return analyses;
}

/** Classifies the question into the intents the offline model can plan (English and Chinese). */
export function detectIntent(input: { question: string }): QuestionIntent {
  const question = input.question;
  if (patterns.saveSkill.test(question)) return { kind: "save-skill" };
  if (patterns.clear.test(question)) return { kind: "clear" };
  if (patterns.optimize.test(question)) {
    return {
      kind: "optimize",
      dropIsolated: /isolated|orphan|孤立/i.test(question),
      removeNames: extractRemovalNames(question),
    };
  }
  const ml = detectMlIntent({ question });
  if (ml || patterns.machineLearning.test(question)) return { kind: "machine-learning", ml };
  const analyses = detectAnalyses(question);
  const visualize = patterns.visualize.test(question);
  const report = patterns.report.test(question);
  if (analyses.length > 0) return { kind: "analysis", analyses, visualize, report };
  if (report) {
    // A report with nothing named to analyse gets the classic overview as its evidence.
    return {
      kind: "analysis",
      analyses: [
        { kind: "centrality", measure: "pagerank", topK: 10 },
        { kind: "communities", algorithm: "louvain" },
      ],
      visualize,
      report,
    };
  }
  if (visualize) return { kind: "analysis", analyses: [], visualize, report };
  if (patterns.graphInfo.test(question) || patterns.prepare.test(question)) {
    return { kind: "graph-info", prepare: patterns.prepare.test(question) };
  }
  return { kind: "unknown" };
}
