import { planRoleRanking } from "../planning/plan-degree";
import { planRanking } from "../planning/plan-ranking";
import { namesReports } from "../reading/edge-roles";
import { arrivingWords, leavingWords } from "../reading/link-direction";
import { degreeMode } from "../reading/question-arguments";
import { parseRequestedCount } from "../reading/question-numbers";
import { questionWords } from "../reading/question-words";
import { defineFamily } from "./define-family";
import type { QuestionText } from "./question-text";

/** "Which account receives money from the most different senders?": a ranking by degree. */
export type DistinctPartnersIntent = {
  kind: "distinct-partners";
  topK: number;
  mode: "all" | "in" | "out";
  ascending: boolean;
  /** "Who has the most direct reports?": ranked by a manager-like link (edge-roles.ts). */
  role?: true;
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
 * distinct partners, with no node named — a count of links, never a sum of what they carry. A
 * ranking of one node type by another kind ("the most distinct products") is left to the
 * schema's reading.
 */
function readPartnerRanking({ text, nodeMentions }: QuestionText): DistinctPartnersIntent[] | null {
  if (nodeMentions.length > 0) return null;
  // "Who has the most direct reports?", "Who manages the most people?".
  if (namesReports(text) && questionWords.superlative.test(text)) {
    return [
      {
        kind: "distinct-partners",
        topK: parseRequestedCount({ question: text, fallback: 10, max: 1000 }),
        mode: "in",
        ascending: questionWords.ascending.test(text),
        role: true,
      },
    ];
  }
  if (!distinctPartners.test(text)) return null;
  return [
    {
      kind: "distinct-partners",
      topK: parseRequestedCount({ question: text, fallback: 10, max: 1000 }),
      mode: partnersMode(text),
      ascending: questionWords.ascending.test(text),
    },
  ];
}

export const distinctPartnersFamily = defineFamily<DistinctPartnersIntent>({
  kind: "distinct-partners",
  read: readPartnerRanking,
  plan: (context, intent) => {
    const ranking = () =>
      planRanking({
        context,
        measure: "degree",
        topK: intent.topK,
        mode: intent.mode,
        ascending: intent.ascending,
      });
    return intent.role
      ? planRoleRanking({
          context,
          topK: intent.topK,
          ascending: intent.ascending,
          otherwise: ranking,
        })
      : ranking();
  },
  title: {
    en: (intent) =>
      intent.mode === "in"
        ? "Top nodes by distinct senders"
        : intent.mode === "out"
          ? "Top nodes by distinct recipients"
          : "Top nodes by distinct partners",
    zh: (intent) =>
      intent.mode === "in"
        ? "来源最多的节点"
        : intent.mode === "out"
          ? "去向最多的节点"
          : "往来对象最多的节点",
  },
});
