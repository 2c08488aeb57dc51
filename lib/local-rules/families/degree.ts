import { arrivingWords, leavingWords } from "../link-direction";
import { planDegree } from "../plan-degree";
import { degreeMode } from "../question-arguments";
import { parseRequestedCount } from "../question-numbers";
import { questionWords } from "../question-words";
import type { CentralityIntent } from "./centrality";
import { defineFamily } from "./define-family";
import type { QuestionText } from "./question-text";
import { withPropertyLookup } from "./with-property-lookup";

/** "How many friends does Farah have?": one named node's degree (or strength). */
export type DegreeIntent = {
  kind: "degree";
  node: string;
  mode: "all" | "in" | "out";
  strength: boolean;
};

// "from the most different senders", "the most distinct counterparties", "转入来源最多": a
// ranking by how many other nodes a node is linked to, which is its degree (in or out by who
// the others are and which way the verb runs).
const fewestOrMost =
  "(?:the\\s+)?(?:most|fewest|least|(?:greatest|largest|highest|smallest|lowest)\\s+number\\s+of)";
const partnerNouns =
  "(?:senders|recipients|receivers|payers|payees|sources|destinations|counterpart(?:ie)?s|partners|contacts|correspondents|callers|donors|referrers|followers|others|peers|neighbou?rs)";
const distinctPartners = new RegExp(
  [
    // "from the most different accounts", "to the most distinct recipients".
    `\\b(?:from|to|into)\\s+${fewestOrMost}\\s+(?:different|distinct|unique|separate|individual)\\s+[a-z]+`,
    // "the most different senders", "the fewest counterparties".
    `\\b${fewestOrMost}\\s+(?:(?:different|distinct|unique|separate|individual)\\s+)?${partnerNouns}\\b`,
    "(?:来源|上游|付款方|汇款方|转出方|发送方|发件人|去向|收款方|接收方|下游|收件人|交易对手|对手方|交易方)(?:账户|节点)?(?:的?数量?)?最(?:多|少)",
    "最(?:多|少)的?(?:不同|不重复)的?(?:账户|节点|人|用户|成员|联系人|来源|付款方|汇款方|收款方|接收方|交易对手|对手方|交易方)",
    "(?:不同|不重复)的?(?:账户|节点|人|用户|成员|联系人)(?:的?数量?)?最(?:多|少)",
  ].join("|"),
  "i",
);

const fromPartners =
  /\bfrom\s+(?:the\s+)?(?:most|fewest|least|greatest|largest|highest|smallest|lowest)\b|\b(?:senders|payers|sources|donors|referrers|callers|followers)\b|来源|上游|付款方|汇款方|转出方|发送方|发件人|(?:从|来自|收到)\s*最(?:多|少)/i;
const toPartners =
  /\b(?:to|into|towards)\s+(?:the\s+)?(?:most|fewest|least|greatest|largest|highest|smallest|lowest)\b|\b(?:recipients|receivers|payees|destinations)\b|去向|收款方|接收方|下游|收件人|(?:给|向|转给|发给|付给|寄给)\s*最(?:多|少)/i;

/** Which links count when nodes are ranked by how many others they are linked to. */
function partnersMode(text: string): "all" | "in" | "out" {
  const from = fromPartners.test(text);
  const to = toPartners.test(text);
  if (from !== to) return from ? "in" : "out";
  const arriving = arrivingWords.test(text);
  const leaving = leavingWords.test(text);
  if (arriving !== leaving) return arriving ? "in" : "out";
  return degreeMode(text);
}

/**
 * "Which account draws in money from the most different senders?": nodes ranked by their
 * distinct partners, with no node named. A ranking of one node type by another kind ("the
 * most distinct products") is left to the schema's reading.
 */
function readPartnerRanking({ text, nodeMentions }: QuestionText): CentralityIntent[] | null {
  if (nodeMentions.length > 0 || !distinctPartners.test(text)) return null;
  return [
    {
      kind: "centrality",
      measure: "degree",
      topK: parseRequestedCount({ question: text, fallback: 10, max: 1000 }),
      mode: partnersMode(text),
      ascending: questionWords.ascending.test(text),
    },
  ];
}

/**
 * Read here: "What is the strength of WH3?", the weighted degree of one named node, before the
 * similarity and path families take its other words, and a ranking by distinct partners. The
 * other readings of one node's degree ("How many neighbours does Farah have?") are node
 * questions (neighbours.ts).
 */
export const degreeFamily = defineFamily<DegreeIntent, DegreeIntent | CentralityIntent>({
  kind: "degree",
  read: (question) => {
    const { text, subject } = question;
    if (!questionWords.strength.test(text) || !subject || questionWords.rank.test(text)) {
      return readPartnerRanking(question);
    }
    return [{ kind: "degree", node: subject, mode: "all", strength: true }];
  },
  plan: (context, intent) =>
    withPropertyLookup({
      context,
      node: intent.node,
      otherwise: () => planDegree({ context, ...intent }),
    }),
  title: { en: "Degree", zh: "节点的度" },
});
