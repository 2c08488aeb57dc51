import type { AnalysisIntent } from "./detect-intent";
import { readLinkQuestion } from "./link-questions";
import { endpointMentions, nodeMentions, subjectMention } from "./node-mentions";
import {
  degreeMode,
  graphMetricsAsked,
  kShortestArguments,
  measureOf,
  nodeDegreeMode,
  similarityMetricOf,
} from "./question-arguments";
import { communitiesIntent, componentsIntent, structureIntent } from "./question-family-readers";
import { parseRequestedCount, parseRequestedDepth, readExplicitDepth } from "./question-numbers";
import { correctTypos } from "./question-typos";
import { questionWords } from "./question-words";

// The offline planner's question grammar. A question is read as *what* it asks (a count, a
// measure, a structure, a path, a similarity, a projection, an aggregate), *about which nodes*
// (named nodes here; types, property values and labels are matched against the graph's schema
// by the planners, which read it first), *how many* and *how shown* (detect-intent.ts). Each
// family is recognised by the words that make it that family (question-words.ts), in English
// and Chinese; families are tried from the most specific to the most general, so "the 3
// shortest paths" is never read as one path and "edge-disjoint paths" never as a path at all.

export function parseAnalyses(question: string): AnalysisIntent[] {
  const q = correctTypos(question);
  const yesNo = questionWords.yesNo.test(q);
  if (questionWords.flow.test(q)) {
    const { source, target } = endpointMentions(q);
    return [{ kind: "flow", source, target, disjoint: questionWords.disjoint.test(q) }];
  }
  if (questionWords.spanning.test(q)) {
    return [
      {
        kind: "spanning-tree",
        maximum: questionWords.maximumTree.test(q),
        weightAsked: /weight|cost|length|total|权重|总|长度|成本/i.test(q),
      },
    ];
  }
  // Self-loops, cuts, one-way nodes, single edges, shared neighbours (link-questions.ts).
  const linkQuestion = readLinkQuestion(q, yesNo);
  if (linkQuestion) return linkQuestion;
  const strengthNode = questionWords.strength.test(q) ? subjectMention(q) : null;
  if (strengthNode && !questionWords.rank.test(q)) {
    return [{ kind: "degree", node: strengthNode, mode: "all", strength: true }];
  }
  if (questionWords.likelyLinks.test(q) || questionWords.similarity.test(q)) {
    const likely = questionWords.likelyLinks.test(q);
    return [
      {
        kind: "similarity",
        metric: similarityMetricOf(q, likely),
        node: likely ? null : subjectMention(q),
        likelyLinks: likely,
        topK: parseRequestedCount({ question: q, fallback: 10, max: 100 }),
      },
    ];
  }
  const pairsAsked =
    /\btogether\b|\bco[\s-]?\w+\s+(?:the most|most often|most|with each other)\b|\bpairs?\b|\bwhich two\b|\btwo \w+ (?:share|have|were|are)|\bmost often\b|\bin common\b|\bshare[sd]?\b|\bsame\b|\bwith how many\b|哪两|一起|同一|共同|合著|合写|同时/i.test(
      q,
    );
  if (questionWords.projection.test(q) && pairsAsked && !questionWords.edgeExists.test(q)) {
    const partnerOf = subjectMention(q);
    // "With how many other products has products:36 shared an order?", "Which course shares
    // the most students with Databases?": one node's partners, counted or ranked.
    if (partnerOf && (questionWords.count.test(q) || questionWords.superlative.test(q))) {
      return [
        { kind: "partners", node: partnerOf, ask: questionWords.count.test(q) ? "count" : "top" },
      ];
    }
    return [
      { kind: "projection", topK: parseRequestedCount({ question: q, fallback: 10, max: 100 }) },
    ];
  }
  const namedMeasure = measureOf(q);
  // "Which airport sits on the most shortest paths (betweenness)?": a ranking, not a path.
  if (
    namedMeasure &&
    (questionWords.kShortest.test(q) || questionWords.path.test(q)) &&
    nodeMentions(q).length < 2 &&
    !questionWords.yesNo.test(q)
  ) {
    return [
      {
        kind: "centrality",
        measure: namedMeasure,
        topK: parseRequestedCount({ question: q, fallback: 10, max: 1000 }),
        mode: degreeMode(q),
        ascending: questionWords.ascending.test(q),
      },
    ];
  }
  if (questionWords.kShortest.test(q)) {
    const { source, target } = endpointMentions(q);
    return [
      {
        kind: "k-shortest",
        source,
        target,
        ...kShortestArguments(q),
        weighted: questionWords.weighted.test(q),
      },
    ];
  }
  if (questionWords.wholeGraphConnected.test(q) && nodeMentions(q).length < 2) {
    return [{ kind: "connectivity", strong: questionWords.strong.test(q) }];
  }
  const mentions = endpointMentions(q);
  const twoNodes = mentions.source !== null && mentions.target !== null;
  if (yesNo && twoNodes && questionWords.reachability.test(q) && !/directly|直接/i.test(q)) {
    return [{ kind: "reachability", ...mentions }];
  }
  if (yesNo && twoNodes && questionWords.edgeExists.test(q))
    return [{ kind: "edge-exists", ...mentions }];
  if (twoNodes && questionWords.path.test(q)) {
    return [{ kind: "path", source: mentions.source, target: mentions.target }];
  }
  const metrics = graphMetricsAsked(q);
  if (
    metrics.length > 0 &&
    !(
      questionWords.components.test(q) &&
      !questionWords.diameter.test(q) &&
      !questionWords.radius.test(q)
    )
  ) {
    return [{ kind: "graph-metric", metrics }];
  }
  if (nodeMentions(q).length < 2 && questionWords.unreachableFrom.test(q)) {
    const from = subjectMention(q);
    if (from) return [{ kind: "unreachable", node: from }];
  }
  const structure = structureIntent(q);
  if (structure) return [structure];
  if (questionWords.components.test(q) || questionWords.outsideMain.test(q))
    return [componentsIntent(q)];
  const communitiesAsked =
    questionWords.communities.test(q) ||
    (questionWords.groups.test(q) && questionWords.bridgeWord.test(q));
  const communities = communitiesAsked ? communitiesIntent(q) : null;
  const measure = measureOf(q);
  const centralityWords =
    /central|influential|important|\bkey (?:nodes|players|people|members|customers|users|accounts|entities)|\bhubs?\b|most connected|best connected|most (?:connections|links|friends|neighbou?rs|edges|ties)|highest degree|中心性|中心度|重要|核心节点|关键节点|关键(?:客户|用户|人物)|影响力|连接最多|(?:朋友|好友|邻居|关系|联系|粉丝)最多|最多的(?:朋友|好友|邻居|连接)|度数?最(?:高|大)|最(?:高|大)的度/i;
  const centralityAsked =
    measure !== null ||
    centralityWords.test(q) ||
    questionWords.mostPartners.test(q) ||
    (questionWords.strength.test(q) && questionWords.rank.test(q)) ||
    (/\bdegrees?\b|度数|的度/i.test(q) && questionWords.rank.test(q));
  if (communities && (communities.kind !== "communities" || !centralityAsked)) return [communities];
  // "How many airports can you reach from SEA with at most one stop?", "friends of friends of
  // Farah": a named depth beyond one hop asks for the neighbourhood, listed or counted.
  const depth = readExplicitDepth({ question: q });
  const depthNode = depth !== null && depth > 1 && !twoNodes ? subjectMention(q) : null;
  if (depthNode && depth !== null)
    return [{ kind: "neighbours", node: depthNode, depth, limit: 200 }];
  // "What's the total weekly volume received by Pinecrest Warehouse?": one node's total is its
  // (weighted) degree; the planner sums the weights and tries an aggregate first.
  const totalOfNode = /\btotal\b|\bsum of\b|总量|总额|总数|总共/i.test(q)
    ? subjectMention(q)
    : null;
  if (totalOfNode && !questionWords.superlative.test(q) && !twoNodes) {
    return [
      { kind: "degree", node: totalOfNode, mode: nodeDegreeMode(q, totalOfNode), strength: false },
    ];
  }
  // "members:21 借过 books:6 吗？", "Has Grace Hayes ever emailed Maria Roux?": a yes/no about
  // two named nodes is about the edge between them.
  if (yesNo && twoNodes) return [{ kind: "edge-exists", ...mentions }];
  const node = subjectMention(q);
  if (node && questionWords.degreeOfNode.test(q) && !questionWords.rank.test(q)) {
    return [
      {
        kind: "degree",
        node,
        mode: nodeDegreeMode(q, node),
        strength: questionWords.strength.test(q),
      },
    ];
  }
  if (node && questionWords.neighbours.test(q) && !questionWords.rank.test(q)) {
    return [{ kind: "neighbours", node, depth: parseRequestedDepth({ question: q }), limit: 200 }];
  }
  if (centralityAsked) {
    // "The most central customers and their communities": both, answered in that order.
    return [
      {
        kind: "centrality",
        measure:
          measure ??
          (questionWords.mostPartners.test(q) ||
          /\bdegree\b|connect|\blinks\b|\bfriends\b|neighbou?rs|\bedges\b|\bties\b|strength|度|连接|强度/i.test(
            q,
          )
            ? "degree"
            : "pagerank"),
        topK: parseRequestedCount({ question: q, fallback: 10, max: 1000 }),
        mode: degreeMode(q),
        ascending: questionWords.ascending.test(q),
        ...(questionWords.strength.test(q) || questionWords.weightQuantity.test(q)
          ? { strength: true }
          : {}),
      },
      ...(communities ? [communities] : []),
    ];
  }
  if (node && questionWords.neighbours.test(q)) {
    return [{ kind: "neighbours", node, depth: parseRequestedDepth({ question: q }), limit: 200 }];
  }
  if (node && questionWords.degreeOfNode.test(q)) {
    return [
      {
        kind: "degree",
        node,
        mode: nodeDegreeMode(q, node),
        strength: questionWords.strength.test(q),
      },
    ];
  }
  // "How many emails did Carmen Diallo send in total?": a total of one node's links is its
  // degree (the planner sums weights); a property word makes it an aggregate instead.
  const propertyWords = questionWords.aggregate.test(
    q.replace(/\b(?:in )?total\b|一共|总共|总计/gi, ""),
  );
  if (questionWords.count.test(q) && node && !propertyWords) {
    // "How many orders did customers:34 place?": the node's edges to that kind of node.
    return [{ kind: "degree", node, mode: nodeDegreeMode(q, node), strength: false }];
  }
  // "members:21 借过 books:6 吗？": a yes/no about two named nodes is about the edge between them.
  if (yesNo && twoNodes) return [{ kind: "edge-exists", ...mentions }];
  // "Who does Bishop Myriel appear with?", "customers:2 下过哪些订单？": the nodes linked to it.
  if (
    nodeMentions(q).length > 0 &&
    node &&
    questionWords.whichNodes.test(q) &&
    questionWords.relation.test(q) &&
    !questionWords.superlative.test(q) &&
    // "the average tenure of the people in Legal" is an aggregate, not Legal's neighbours.
    !/\baverage\b|\bmean\b|\bsum\b|平均|总和/i.test(q)
  ) {
    return [{ kind: "neighbours", node, depth: parseRequestedDepth({ question: q }), limit: 200 }];
  }
  // What is left is read against the schema: a count of nodes, edges or a type; a ranking of
  // one type by its links to another ("which product appears in the most orders"); or an
  // aggregate over properties ("which city has the most customers").
  if (
    questionWords.count.test(q) ||
    questionWords.rank.test(q) ||
    questionWords.aggregate.test(q)
  ) {
    return [
      {
        kind: "schema-question",
        topK: parseRequestedCount({ question: q, fallback: 10, max: 1000 }),
        mode: degreeMode(q),
        ascending: questionWords.ascending.test(q),
      },
    ];
  }
  // "Which club is Farah Rossi in?", "What grade is Farah in?": about one named node; its
  // property when the schema has one by that name (plan-analysis looks first), else its links.
  if (node && /^\s*(?:which|what)\s+\w+\s+(?:is|are|was|were|does|do|did)\s/i.test(q)) {
    return [{ kind: "neighbours", node, depth: 1, limit: 200 }];
  }
  return [];
}

/** Words the rest of the planner shares with the grammar. */
export const grammarWords = {
  weighted: questionWords.weighted,
  nodes: questionWords.nodesWord,
  edges: questionWords.edgesWord,
  count: questionWords.count,
  aggregate: questionWords.aggregate,
  yesNo: questionWords.yesNo,
  rank: questionWords.rank,
  superlative: questionWords.superlative,
  relationVerb: new RegExp(
    `${questionWords.inDegree.source}|${questionWords.outDegree.source}`,
    "i",
  ),
};
