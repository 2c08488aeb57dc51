import { type AnalysisIntent, readAnalyses } from "../families";
import { detectMlIntent, type MlIntent } from "../ml/detect-ml-intent";
import { extractRemovalNames } from "./node-name-extraction";

export type { AnalysisIntent } from "../families";
// The intent's parts, where the code that reads intents has long found them.
export type { CentralityMeasure } from "../planning/centrality-measure";
export type { CommunityAlgorithm } from "../planning/community-algorithm";

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
  visualize:
    /visuali[sz]|\bdraw\b(?!\s+up\b)|\bplot\b|\brender\b|\bdiagram\b|\bpicture\b|graph view|可视化|画出|画一|绘制|图示|展示.{0,6}图/i,
  // "report to" / "reports to" is a reporting line, not a report to write; in "substations
  // report a voltage of 400 kV" the verb with its object is no document either.
  report:
    /\breport\b(?!\s+(?:directly\s+)?to\b)(?!\s+(?:a|an|their|its|no|any|zero|more|fewer|less)\s)|write-?up|报告|报表/i,
  graphInfo:
    /graph info|\b(?:graph|session|data) (?:state|status)\b|\bstatus\b|\bstate\b|\bis (?:a|the|any|my) graph loaded|\bwhat graph|\bwhich graph|\bwhat(?:'s| is) in (?:the|my|this) graph|\bloaded\b|how many (?:nodes|edges)|\bdescribe\b|\boverview\b|\bsummar(?:y|ize|ise)\b|node count|edge count|图信息|图的?状态|当前图|加载了|多少(?:个)?节点|多少(?:条)?边|概况|基本信息|状态|概览/i,
  prepare: /\b(?:load|build|construct|rebuild|import)\b|加载|构建|构图|建图|导入/i,
};

// "Which nodes are isolated?", "孤立节点有几个？" ask about the graph; only a verb that changes
// it ("remove the isolated nodes", "删除孤立节点") asks for the optimisation.
function asksAboutIsolated(question: string): boolean {
  const asks =
    /^\s*(?:which|what|who|how many|are there|is there|list|name|show)\b|\?$|？$|哪|多少|几个|几位|有没有|是否|吗/i;
  const changes =
    /\b(?:remove|delete|drop|prune|clean|strip|optimi[sz]e)\b|删除|移除|去掉|删掉|清理|清除|去除|优化/i;
  return asks.test(question.trim()) && !changes.test(question);
}

/** Whether the question asks to build a graph (answered by loading when one is ready, SS-3). */
export function asksToBuild(question: string): boolean {
  return /\b(?:re)?build\b|\bconstruct|构建|构图|建图|重建/i.test(question);
}

/** Classifies the question into the intents the offline model can plan (English and Chinese). */
export function detectIntent(input: { question: string }): QuestionIntent {
  const question = input.question;
  if (patterns.saveSkill.test(question)) return { kind: "save-skill" };
  if (patterns.clear.test(question)) return { kind: "clear" };
  if (patterns.optimize.test(question) && !asksAboutIsolated(question)) {
    return {
      kind: "optimize",
      dropIsolated: /isolated|orphan|孤立/i.test(question),
      removeNames: extractRemovalNames(question),
    };
  }
  const analyses = readAnalyses(question);
  // "Which unlinked pair is most likely to connect by Adamic–Adar?" is a similarity question;
  // "predict missing links" without a named index stays a model to train (detect-ml-intent).
  const namesIndex =
    /similar|jaccard|adamic|common neighbou?r|resource[\s-]allocation|preferential|cosine|overlap|likely|相似|共同邻居|可能/i.test(
      question,
    );
  // "Which links are likely missing? Use the trained model." asks for the model, not an index;
  // so does naming an encoder ("… use a VGAE").
  const asksForModel =
    /\bmodel\b|模型|\bv?gae\b|auto-?\s?encoder|自编码|graph\s*sage|\bgcn\b/i.test(question) &&
    !/similar|jaccard|adamic|common neighbou?r|resource[\s-]allocation|preferential|cosine|overlap|相似|共同邻居/i.test(
      question,
    );
  const linkPrediction =
    analyses.some((analysis) => analysis.kind === "similarity") &&
    !asksForModel &&
    (namesIndex || !/\bpredict|\btrain|\bmodel|预测|训练|模型/i.test(question));
  // "How many papers are in the training split?" counts nodes; it trains nothing.
  const counting =
    analyses.some((analysis) => analysis.kind === "schema-question") &&
    /\bhow many\b|\bnumber of\b|多少|几个|几篇/i.test(question);
  const ml = linkPrediction || counting ? null : detectMlIntent({ question });
  // "researchers who work in machine learning": the field's name is a property value when the
  // question reads as an analysis and no other word asks for a model.
  const mlWords =
    patterns.machineLearning.test(question.replace(/machine learning|机器学习/gi, " ")) ||
    (analyses.length === 0 && patterns.machineLearning.test(question));
  if (ml || (!linkPrediction && !counting && mlWords)) {
    return { kind: "machine-learning", ml };
  }
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
