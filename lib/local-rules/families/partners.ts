import { planPartners } from "../planning/plan-projection";
import { linkDirection } from "../reading/link-direction";
import { questionWords } from "../reading/question-words";
import { defineFamily } from "./define-family";
import type { QuestionText } from "./question-text";

/** "With how many other products has products:36 shared an order?" */
export type PartnersIntent = {
  kind: "partners";
  node: string;
  ask: "count" | "top" | "list";
  /**
   * "Who has Piet worked with?": the people a node works with, which on a graph of people and
   * projects are those sharing a project, and on a graph of people alone its neighbours.
   */
  collaboration?: true;
};

/** Pairs that go together through a shared neighbour ("bought together"), not an edge. */
export function asksForPairs({ text, pairsAsked }: QuestionText): boolean {
  return questionWords.projection.test(text) && pairsAsked && !questionWords.edgeExists.test(text);
}

// Working with someone, said as a verb with "with" or as a noun for the people one works
// with, English and Chinese.
const collaborationWords =
  /\b(?:work(?:s|ed|ing)?|act(?:s|ed)?|starr?(?:s|ed)?|collaborat(?:e|es|ed|ing)|co-?operat(?:e|es|ed|ing)|team(?:s|ed)?\s+up|partner(?:s|ed)?(?:\s+up)?|serv(?:e|es|ed)|been\s+on\s+(?:a\s+)?(?:team|project)s?)\s+(?:\w+\s+)?(?:with|alongside)\b|\bco-?workers?\b|\bcollaborators?\b|\bcolleagues?\b|\bteam-?mates?\b|\bwith\s+whom\b[^?？]*\b(?:work(?:s|ed)?|collaborat\w*|co-?operat\w*|team(?:s|ed)?\s+up|partner(?:s|ed)?)\b|合作(?!成员|人员|单位|方)(?:过|的|者|伙伴)?|共事|同台|合演|搭戏|(?:一起|共同)(?:出演|演出|演戏|拍戏)|(?:一起|共同)(?:工作|参与|参加|做|干|负责)|同事|搭档|队友/i;

// "worked with the most people" without a name is a ranking (centrality); "worked with on the
// same project" with a name stays here.
function readCollaboration(question: QuestionText): PartnersIntent[] | null {
  const { text, subject } = question;
  if (!subject || question.twoNodes || question.yesNo) return null;
  if (!collaborationWords.test(text)) return null;
  // "How many different colleagues does Mei send emails to?": a verb with a direction makes
  // the colleagues whom the links reach, a degree.
  if (linkDirection(text, subject) !== "all") return null;
  // "和哪位演员同台次数最多": which one, the most times — a top partner, not a count.
  const whichOne = questionWords.whichNodes.test(text) || /哪/.test(text);
  const ranked = questionWords.superlative.test(text);
  const counted = questionWords.count.test(text) && !(ranked && whichOne);
  const top = !counted && ranked;
  const listed =
    questionWords.whichNodes.test(text) ||
    /\beveryone\b|\ball\b|\banyone\b|\bwhom?\b|有哪些|哪些|有谁|跟谁|和谁|与谁/i.test(text);
  if (!counted && !top && !listed) return null;
  return [
    {
      kind: "partners",
      node: subject,
      ask: counted ? "count" : top ? "top" : "list",
      collaboration: true,
    },
  ];
}

/**
 * Read before the projection family: "Which course shares the most students with Databases?"
 * asks for one node's partners, counted or ranked; "List everyone Piet has worked with" for
 * the people it works with.
 */
export const partnersFamily = defineFamily<PartnersIntent>({
  kind: "partners",
  read: (question) => {
    const { text, subject } = question;
    if (!asksForPairs(question) || !subject) return readCollaboration(question);
    const counted = questionWords.count.test(text);
    if (!counted && !questionWords.superlative.test(text)) return readCollaboration(question);
    return [{ kind: "partners", node: subject, ask: counted ? "count" : "top" }];
  },
  plan: (context, intent) => planPartners({ context, ...intent }),
  title: { en: "Pairs that go together", zh: "经常一起出现的节点对" },
});
