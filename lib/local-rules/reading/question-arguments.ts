import type { CentralityMeasure } from "../planning/centrality-measure";
import type { CommunityAlgorithm } from "../planning/community-algorithm";
import { bothDirectionWords } from "./both-direction-words";
import { parseNumberWord } from "./question-numbers";
import { type GraphMetric, questionWords, type SimilarityMetric } from "./question-words";

// The arguments a family needs, read from the question's words: which measure, which k and
// position of a k-shortest question, which degree (in / out by the verb's voice).

/** The centrality measure the question names, or null. */
export function measureOf(question: string): CentralityMeasure | null {
  if (/betweenn?ess|介数|中介/i.test(question)) return "betweenness";
  if (/closeness|接近中心|紧密中心|接近度|紧密度/i.test(question)) return "closeness";
  if (/harmonic|调和/i.test(question)) return "harmonic";
  if (/eigenvector|特征向量/i.test(question)) return "eigenvector";
  if (/\bkatz\b/i.test(question)) return "katz";
  if (/\bhits\b|\bhub score|\bauthority score|枢纽|权威/i.test(question)) {
    return /authorit|权威/i.test(question) ? "hits_authority" : "hits_hub";
  }
  if (/page\s*rank/i.test(question)) return "pagerank";
  if (/degree centrality|度中心性/i.test(question)) return "degree";
  return null;
}

/** The community algorithm the question names; Louvain when it names none. */
export function communityAlgorithmOf(question: string): CommunityAlgorithm {
  if (questionWords.leiden.test(question)) return "leiden";
  if (questionWords.labelPropagation.test(question)) return "label_propagation";
  return "louvain";
}

export function similarityMetricOf(question: string, likely: boolean): SimilarityMetric {
  if (/adamic|阿达米克/i.test(question)) return "adamic_adar";
  if (/resource[\s-]allocation|资源分配/i.test(question)) return "resource_allocation";
  if (/preferential|优先连接/i.test(question)) return "preferential_attachment";
  if (/cosine|余弦/i.test(question)) return "cosine";
  // A measure named outright wins over "overlap" used as a verb ("whose partners overlap most
  // with X's (Jaccard)?").
  if (/jaccard|杰卡德/i.test(question)) return "jaccard";
  if (/overlap/i.test(question)) return "overlap";
  if (
    /common (?:neighbou?rs?|friends|contacts|connections)|(?:neighbou?rs|friends) in common|shared (?:neighbou?rs?|friends)|\bshare[sd]? (?:the )?(?:most |many )?(?:neighbou?rs|friends|contacts|connections)\b|共同(?:邻居|好友|朋友|的朋友|联系人)|共有邻居/i.test(
      question,
    )
  ) {
    return "common_neighbors";
  }
  return likely ? "adamic_adar" : "jaccard";
}

const ordinals: Record<string, number> = {
  "runner-up": 2,
  "runner up": 2,
  second: 2,
  "2nd": 2,
  third: 3,
  "3rd": 3,
  fourth: 4,
  "4th": 4,
  fifth: 5,
  "5th": 5,
};

export function kShortestArguments(question: string): { k: number; ordinal: number | null } {
  const count =
    /\b(\d+|two|three|four|five|six|seven|eight|nine|ten)\s+shortest/i.exec(question) ??
    /前\s*(\d+|[二两三四五六七八九十])\s*条/.exec(question) ??
    /(\d+|[二两三四五六七八九十])\s*条最短/.exec(question) ??
    /\b(?:top|first)\s+(\d+|two|three|four|five)\b/i.exec(question);
  const ordinalMatch =
    /\b(second|third|fourth|fifth|2nd|3rd|4th|5th|runner[\s-]up)\b/i.exec(question) ??
    /第\s*(\d+|[二三四五六七八九十])\s*(?:条|短|个)?/.exec(question);
  const ordinal = ordinalMatch
    ? (ordinals[ordinalMatch[1].toLowerCase()] ?? parseNumberWord(ordinalMatch[1]))
    : null;
  const k = count ? (parseNumberWord(count[1]) ?? 3) : (ordinal ?? 3);
  return { k: Math.max(2, Math.min(Math.max(k, ordinal ?? 0), 20)), ordinal };
}

/**
 * The degree a question about one node asks for: "How many members referred m22?" names m22
 * as the verb's object, so the edges arrive at it (in); "Whom did m22 refer?" leaves it (out).
 */
export function nodeDegreeMode(question: string, node: string): "all" | "in" | "out" {
  const mode = degreeMode(question);
  if (mode !== "out" || /\bout[\s-]?degree|outdegree|出度/i.test(question)) return mode;
  const at = question.indexOf(node);
  const verb = questionWords.outDegree.exec(question);
  if (at < 0 || !verb) return mode;
  // "shipped out of FAC2", "sent from kpatel": the node is where the links start.
  if (/\b(?:out\s+of|from)\s+(?:the\s+)?$/i.test(question.slice(0, at))) return "out";
  const subjectOfVerb = /\b(?:did|does|do|has|have|had)\s+$/i.test(question.slice(0, at));
  return verb.index < at && !subjectOfVerb ? "in" : mode;
}

export function degreeMode(question: string): "all" | "in" | "out" {
  if (/\bin[\s-]?degree|indegree|入度/i.test(question)) return "in";
  if (/\bout[\s-]?degree|outdegree|出度/i.test(question)) return "out";
  // "Counting incoming and outgoing transfers together": both named, both counted.
  if (bothDirectionWords.test(question)) return "all";
  if (questionWords.inDegree.test(question)) return "in";
  if (questionWords.outDegree.test(question)) return "out";
  return "all";
}

export function graphMetricsAsked(question: string): GraphMetric[] {
  const metrics: GraphMetric[] = [];
  if (questionWords.diameter.test(question)) metrics.push("diameter");
  if (questionWords.radius.test(question)) metrics.push("radius");
  if (questionWords.density.test(question)) metrics.push("density");
  if (questionWords.averagePath.test(question)) metrics.push("average_shortest_path_length");
  if (questionWords.assortativity.test(question)) metrics.push("degree_assortativity");
  if (questionWords.bipartite.test(question)) metrics.push("is_bipartite");
  if (questionWords.dag.test(question)) metrics.push("is_dag");
  else if (questionWords.cycle.test(question)) metrics.push("has_cycle");
  return metrics;
}
