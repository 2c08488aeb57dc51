import { nodeDegreeMode } from "./question-arguments";

// Which way the links a question asks about run, read from the meaning of its words rather
// than a list of phrasings: words that count both ways, words of leaving (a link starts at the
// place it leaves), words of arriving or receiving (it ends there), and the preposition that
// ties the named node to the verb ("from a07", "to a07"). What none of them settles is read as
// before (`nodeDegreeMode`: the verb's voice and the node's place around it).

/** Both ways counted: "both incoming and outgoing", "sent and received", "进出". */
export const bothDirectionWords =
  /\bboth\s+(?:(?:the\s+)?(?:incoming|inbound|in|received|sent|outgoing|outbound|out)\s+(?:and|&)\s+(?:(?:the\s+)?(?:incoming|inbound|in|received|sent|outgoing|outbound|out))|directions|ways)\b|\b(?:incoming|inbound|in)(?:\s*(?:and|&|\+|or|plus)\s*|\s*\/\s*)(?:outgoing|outbound|out)\b|\b(?:outgoing|outbound|out)(?:\s*(?:and|&|\+|or|plus)\s*|\s*\/\s*)(?:incoming|inbound|in)\b|\b(?:sent|sending|sends|paid|paying)\s+(?:and|or|as well as)\s+(?:received|receiving|receives)\b|\b(?:received|receiving|receives)\s+(?:and|or|as well as)\s+(?:sent|sending|sends|paid|paying)\b|\b(?:in\s+)?(?:either|any|both)\s+direction\b|\b(?:regardless|irrespective)\s+of\s+(?:the\s+)?direction\b|\bignor(?:e|es|ing)\s+(?:the\s+)?directions?\b|\btotal\s+degree\b|入度和出度|出度和入度|入度与出度|出度与入度|进出|收发|转入和转出|转出和转入|转入与转出|流入和流出|流出和流入|收入和支出|双向|不论方向|不管方向|不考虑方向|忽略方向|无论方向/i;

/**
 * Leaving: the link starts at the place it leaves ("transfers leave a07", "routes depart from
 * X", "money paid out of a07", "a07 转出").
 */
export const leavingWords =
  /\b(?:leav(?:e|es|ing)|left\s+(?:from\s+)?(?=[A-Z0-9]|the\b)|depart(?:s|ed|ing|ures?)?|exit(?:s|ed|ing)?|originat(?:e|es|ed|ing)|emanat(?:e|es|ed|ing)|outflows?|outbound|outgoing|export(?:s|ed|ing)?)\b|\b(?:go(?:es)?|went|gone|going|sen[dt]s?|sending|pa(?:y|ys|id|ying)|ship(?:s|ped|ping)?|flow(?:s|ed|ing)?|mov(?:e|es|ed|ing)|wir(?:e|es|ed|ing)|transferr?(?:s|ed|ing)?|stream(?:s|ed|ing)?|pour(?:s|ed|ing)?|spen[dt]s?|spending)\s+out\b|转出|发出|离开|出发|汇出|流出|运出|寄出|支出|付出|始发|发往|开往|驶出|出港|出站/i;

/** Arriving or receiving: the link ends at the place it reaches ("arrive at X", "a07 收到"). */
export const arrivingWords =
  /\b(?:arriv(?:e|es|ed|ing|als?)|inflows?|inbound|incoming|import(?:s|ed|ing)?|receiv(?:e|es|ed|ing)|collect(?:s|ed|ing)?|obtain(?:s|ed|ing)?|land(?:s|ed|ing)?\s+(?:at|in))\b|\b(?:draw(?:s|n|ing)?|drew|tak(?:e|es|ing)|took|taken|com(?:e|es|ing)|came|flow(?:s|ed|ing)?|pour(?:s|ed|ing)?|bring(?:s|ing)?|brought|pull(?:s|ed|ing)?|rak(?:e|es|ed|ing))\s+in\b|收到|接收|收取|转入|流入|到达|进入|汇入|收款|入账|运入|进货|抵达|驶入|进港|进站/i;

// The node is where the links start: "from a07", "out of a07", "从 a07".
const originBefore = /(?:\b(?:from|out\s+of)\s+(?:the\s+)?(?:\w+\s+)?|从\s*)$/i;
// The node is where they end: "to a07", "into a07", "towards a07", "给 a07", "向 a07".
const destinationBefore =
  /(?:\b(?:to|into|towards?|for|at|in)\s+(?:the\s+)?(?:\w+\s+)?|(?:给|向|到|至|往|入)\s*)$/i;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Where the node is named, case-insensitively, or -1. */
function nodeAt(question: string, node: string): number {
  const exact = question.indexOf(node);
  if (exact >= 0) return exact;
  return question.search(new RegExp(escapeRegExp(node), "i"));
}

/**
 * The direction of the links a question about one named node counts or lists: `all` when it
 * says both ways; `in` or `out` by the degree's name; by a verb of leaving or arriving (with
 * the node's preposition: "arrive from X" still starts at X); else by the verb's voice.
 */
export function linkDirection(question: string, node: string): "all" | "in" | "out" {
  if (bothDirectionWords.test(question)) return "all";
  const inNamed = /\bin[\s-]?degree|\bindegree|入度/i.test(question);
  const outNamed = /\bout[\s-]?degree|\boutdegree|出度/i.test(question);
  if (inNamed !== outNamed) return inNamed ? "in" : "out";
  const at = nodeAt(question, node);
  const before = at >= 0 ? question.slice(0, at) : question;
  const leaving = leavingWords.test(question);
  const arriving = arrivingWords.test(question);
  if (leaving !== arriving) {
    if (at >= 0 && originBefore.test(before)) return "out";
    if (at >= 0 && destinationBefore.test(before)) return "in";
    return leaving ? "out" : "in";
  }
  return nodeDegreeMode(withNounsAsNouns(question), node);
}

// Plurals that are also verbs ("transfers", "emails", "calls"): after a counting word or an
// article they are the things counted, not a verb whose voice gives the direction.
const countedNoun =
  /\b((?:how\s+many|number\s+of|total|the|any|all|no|its|their|his|her|of)\s+(?:\w+\s+)?)(?:emails|calls|transfers|contacts|supplies|ships|mentions|follows|cites|refers|pays|sends|exports|delivers)\b/gi;

function withNounsAsNouns(question: string): string {
  return question.replace(countedNoun, "$1links");
}
