import type { AnalysisIntent } from "./detect-intent";
import { endpointMentions, subjectMention } from "./node-mentions";
import { parseRequestedCount } from "./question-numbers";
import { questionWords } from "./question-words";

// Families with several shapes, read apart from the grammar's ordering (question-grammar.ts):
// structure (a node's value, a ranking or the whole graph), components and communities.

export function structureIntent(question: string): AnalysisIntent | null {
  const node = subjectMention(question);
  const topK = parseRequestedCount({ question, fallback: 10, max: 100 });
  const ranking =
    questionWords.rank.test(question) &&
    !/k[\s-]?cores?|k[\s-]*核|最大核|k 值最大|k值最大/i.test(question);
  if (questionWords.triangles.test(question)) {
    if (node || ranking)
      return {
        kind: "node-structure",
        metric: "triangles",
        node,
        topK,
        ascending: questionWords.ascending.test(question),
      };
    return { kind: "graph-metric", metrics: ["triangle_count"] };
  }
  if (
    questionWords.clustering.test(question) &&
    !/clustering (?:algorithm|into)|聚类(?!系数)/i.test(question)
  ) {
    if (questionWords.transitivity.test(question))
      return { kind: "graph-metric", metrics: ["transitivity"] };
    if (node || (ranking && !questionWords.averageWord.test(question))) {
      return {
        kind: "node-structure",
        metric: "clustering",
        node,
        topK,
        ascending: questionWords.ascending.test(question),
      };
    }
    return { kind: "graph-metric", metrics: ["average_clustering"] };
  }
  if (questionWords.core.test(question)) {
    if (node)
      return { kind: "node-structure", metric: "core_number", node, topK, ascending: false };
    return { kind: "core", topK };
  }
  if (questionWords.eccentricity.test(question)) {
    return {
      kind: "node-structure",
      metric: "eccentricity",
      node,
      topK,
      ascending: questionWords.ascending.test(question),
    };
  }
  return null;
}

export function componentsIntent(question: string): AnalysisIntent {
  if (questionWords.outsideMain.test(question)) return { kind: "outside-main" };
  const strong = questionWords.strong.test(question);
  const ask = questionWords.largest.test(question) ? "largest" : "count";
  return { kind: "components", strong, weak: questionWords.weak.test(question), ask };
}

export function communitiesIntent(question: string): AnalysisIntent {
  const algorithm = questionWords.leiden.test(question)
    ? "leiden"
    : questionWords.labelPropagation.test(question)
      ? "label_propagation"
      : "louvain";
  if (questionWords.bridgeWord.test(question)) {
    return { kind: "bridging", topK: parseRequestedCount({ question, fallback: 10, max: 20 }) };
  }
  const { source, target } = endpointMentions(question);
  if (
    source &&
    target &&
    questionWords.yesNo.test(question) &&
    questionWords.sameCommunity.test(question)
  ) {
    return { kind: "same-community", source, target, algorithm };
  }
  const node = subjectMention(question);
  if (node && questionWords.sameCommunity.test(question))
    return { kind: "membership", node, algorithm };
  return { kind: "communities", algorithm };
}

/**
 * The analyses a question asks for, in the order they should be answered; empty when no
 * analysis family matches (the caller then tries graph info, deliverables or the refusal).
 */
