import { planNeighbours } from "../planning/plan-neighbours";
import { asksForRole, mentionsRole } from "../reading/edge-roles";
import { linkDirection, namesDirectedVerb } from "../reading/link-direction";
import { membersAsked } from "../reading/member-words";
import { parseRequestedDepth, readExplicitDepth } from "../reading/question-numbers";
import { questionWords } from "../reading/question-words";
import { defineFamily } from "./define-family";
import type { DegreeIntent } from "./degree";
import type { EdgeExistsIntent } from "./edge-exists";
import type { QuestionText } from "./question-text";
import { withPropertyLookup } from "./with-property-lookup";

/** "Who does Bishop Myriel appear with?": the nodes linked to one named node. */
export type NeighboursIntent = {
  kind: "neighbours";
  node: string | null;
  depth: number;
  limit: number;
};

type NodeReading = NeighboursIntent | DegreeIntent | EdgeExistsIntent;

function neighboursOf(node: string, depth: number): NeighboursIntent[] {
  return [{ kind: "neighbours", node, depth, limit: 200 }];
}

function degreeOf(text: string, node: string, strength: boolean): DegreeIntent[] {
  return [{ kind: "degree", node, mode: linkDirection(text, node), strength }];
}

// Verbs whose past or present forms the regular endings miss ("Which accounts has a25 paid?").
const irregularRelation =
  /\b(?:paid|pays|sent|sends|sold|sells|bought|buys|lent|lends|owe[sd]?|met|meets|made|makes|taught|teaches|told|tells|built|builds|held|holds|gave|given|gives|took|taken|takes|brought|brings|hired|hires|employs|invited|invites|supplies|serves|served|visits|visited)\b/i;

// The nodes asked for named last: "Exports from Kenya go to which countries?".
const whichAtEnd = /\b(?:to|from|with|by|for)\s+(?:which|what)\s+\w+\s*[?？]?\s*$/i;

// Neighbours in words the shared vocabulary lacks: "next to", "beside", "邻站", "紧邻".
const besideWords =
  /\bnext\s+to\b|\bbeside\b|\badjoining\b|\bneighbo(?:u)?ring\b|\bdirectly\s+(?:linked|joined|attached)\b|邻站|邻近|毗邻|紧邻|隔壁|挨着|旁边|直连|直达/i;

/** Its neighbours in other words, listed; counted, they are its degree. */
function besideReading(text: string, node: string): NodeReading[] | null {
  if (!besideWords.test(text)) return null;
  return questionWords.count.test(text)
    ? degreeOf(text, node, false)
    : neighboursOf(node, parseRequestedDepth({ question: text }));
}

// "Whose manager is X?", "谁的上级是 X": asks for nodes by their link to X.
const whoseWords = /^\s*whose\b|谁的|哪(?:些|个|位)\S{0,4}的/i;

// "Which department does Atlas belong to?", "Atlas 项目属于哪个部门？": the node's group, a
// neighbour of the kind named (an aggregate word, "belong", would make it a schema question).
const belongsTo =
  /\bbelong(?:s|ed|ing)?\s+to\b|\bpart\s+of\b|\bsits?\s+(?:in|under)\b|\bfall(?:s)?\s+under\b|属于|隶属|归属|归(?=哪)|在哪(?:个|一个|家)|是哪(?:个|一个|家)/i;
const whichOne = /\b(?:which|what)\b|哪(?:个|一个|家|些|位)/i;

/**
 * Questions about one named node that the generic words above miss: a role of a same-kind
 * link ("Whose manager is X?", "Who does X report to?", "X 的下属有哪些？") and the group a
 * node belongs to ("Atlas 项目属于哪个部门？").
 */
function readRoleOrGroup(question: QuestionText): NodeReading[] | null {
  const { text, subject: node } = question;
  if (!node || questionWords.superlative.test(text) || question.twoNodes) return null;
  const asksWhich = questionWords.whichNodes.test(text) || whoseWords.test(text);
  if (mentionsRole(text) || asksForRole(text, node)) {
    if (questionWords.count.test(text)) return degreeOf(text, node, false);
    if (asksWhich || /是谁|有哪些|有谁/.test(text)) return neighboursOf(node, 1);
  }
  if (belongsTo.test(text) && whichOne.test(text) && !questionWords.count.test(text)) {
    return neighboursOf(node, 1);
  }
  return null;
}

/** The node questions that win over a ranking by centrality ("Farah's neighbours"). */
function readBeforeRanking(question: QuestionText): NodeReading[] | null {
  const { text, twoNodes, subject: node } = question;
  // "How many airports can you reach from SEA with at most one stop?", "friends of friends of
  // Farah": a named depth beyond one hop asks for the neighbourhood, listed or counted.
  const depth = readExplicitDepth({ question: text });
  if (depth !== null && depth > 1 && !twoNodes && node) return neighboursOf(node, depth);
  // "What's the total weekly volume received by Pinecrest Warehouse?": one node's total is its
  // (weighted) degree; the planner sums the weights and tries an aggregate first.
  const total = /\btotal\b|\bsum of\b|总量|总额|总数|总共/i.test(text);
  if (total && node && !questionWords.superlative.test(text) && !twoNodes) {
    return degreeOf(text, node, false);
  }
  // "members:21 借过 books:6 吗？", "Has Grace Hayes ever emailed Maria Roux?": a yes/no about
  // two named nodes is about the edge between them.
  if (question.yesNo && twoNodes) return [{ kind: "edge-exists", ...question.endpoints }];
  if (!node || questionWords.rank.test(text)) return null;
  if (questionWords.degreeOfNode.test(text)) {
    return degreeOf(text, node, questionWords.strength.test(text));
  }
  if (questionWords.neighbours.test(text)) {
    return neighboursOf(node, parseRequestedDepth({ question: text }));
  }
  return besideReading(text, node);
}

/** The node questions left when no ranking by centrality is asked. */
function readAfterRanking(question: QuestionText): NodeReading[] | null {
  const { text, subject: node } = question;
  const roleOrGroup = readRoleOrGroup(question);
  if (roleOrGroup) return roleOrGroup;
  if (node && questionWords.neighbours.test(text)) {
    return neighboursOf(node, parseRequestedDepth({ question: text }));
  }
  const beside = node ? besideReading(text, node) : null;
  if (beside) return beside;
  if (node && membersAsked.test(text) && !questionWords.superlative.test(text)) {
    return questionWords.count.test(text) ? degreeOf(text, node, false) : neighboursOf(node, 1);
  }
  if (node && questionWords.degreeOfNode.test(text)) {
    return degreeOf(text, node, questionWords.strength.test(text));
  }
  // "How many emails did Carmen Diallo send in total?": a total of one node's links is its
  // degree (the planner sums weights); a property word makes it an aggregate instead.
  const propertyWords = questionWords.aggregate.test(
    text.replace(/\b(?:in )?total\b|一共|总共|总计|合计|加起来|合起来/gi, ""),
  );
  // "How many orders did customers:34 place?": the node's edges to that kind of node.
  if (questionWords.count.test(text) && node && !propertyWords) return degreeOf(text, node, false);
  // "Who does Bishop Myriel appear with?", "customers:2 下过哪些订单？": the nodes linked to it.
  if (
    question.nodeMentions.length > 0 &&
    node &&
    (questionWords.whichNodes.test(text) || whoseWords.test(text) || whichAtEnd.test(text)) &&
    (questionWords.relation.test(text) ||
      irregularRelation.test(text) ||
      namesDirectedVerb(text)) &&
    !questionWords.superlative.test(text) &&
    // "the average tenure of the people in Legal" is an aggregate, not Legal's neighbours.
    !/\baverage\b|\bmean\b|\bsum\b|平均|总和/i.test(text)
  ) {
    return neighboursOf(node, parseRequestedDepth({ question: text }));
  }
  return null;
}

/**
 * "Which club is Farah Rossi in?", "What grade is Farah in?": about one named node, when no
 * count, ranking or aggregate makes it a schema question; its property when the schema has one
 * by that name (the planner looks first), else its links.
 */
function readWhatNodeIs({ text, subject: node }: QuestionText): NeighboursIntent[] | null {
  const schemaWords =
    questionWords.count.test(text) ||
    questionWords.rank.test(text) ||
    questionWords.aggregate.test(text);
  if (schemaWords || !node) return null;
  if (!/^\s*(?:which|what)\s+\w+\s+(?:is|are|was|were|does|do|did)\s/i.test(text)) return null;
  return neighboursOf(node, 1);
}

/**
 * The questions about one named node, read after every family with words of its own: its
 * neighbours, its degree, or (two named nodes, yes or no) the edge between them. A ranking by
 * centrality wins over the readings after the first ones: with `centralityAsked` this family
 * leaves the question to the centrality family, next in the list; and a count, ranking or
 * aggregate none of its readings takes is the schema question's, after that.
 */
function readNodeQuestion(question: QuestionText): NodeReading[] | null {
  const first = readBeforeRanking(question);
  if (first || question.centralityAsked) return first;
  return readAfterRanking(question) ?? readWhatNodeIs(question);
}

export const neighboursFamily = defineFamily<NeighboursIntent, NodeReading>({
  kind: "neighbours",
  read: readNodeQuestion,
  plan: (context, intent) => {
    const neighbours = () =>
      planNeighbours({ context, node: intent.node, depth: intent.depth, limit: intent.limit });
    return intent.depth === 1
      ? withPropertyLookup({ context, node: intent.node, otherwise: neighbours })
      : neighbours();
  },
  title: { en: "Neighbourhood", zh: "邻居节点" },
});
