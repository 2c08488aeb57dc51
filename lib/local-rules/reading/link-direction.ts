import { agentDirection, namesAgentNoun } from "./agent-nouns";
import { bothDirectionWords } from "./both-direction-words";
import { degreeMode, nodeDegreeMode } from "./question-arguments";

// Which way the links a question asks about run, read from the meaning of its words rather
// than a list of phrasings: words that count both ways; words of leaving (a link starts at the
// place it leaves) and of arriving (it ends there); verbs of receiving and of sending, whose
// subject is the link's end or start; and the preposition that ties the named node to them
// ("from a07", "to a07", "by a07", "给 a07"). What none of them settles is read as before
// (`nodeDegreeMode`).

/**
 * Links each way between the nodes named and the ones asked for: "each other", "both ways",
 * "reciprocal", "互相", "双向". "Mutual friends" are shared neighbours, not these.
 */
export const mutualWords =
  /\breciprocal(?:ly)?\b|\beach other\b|\bone another\b|\bboth (?:ways|directions)\b|\bback and forth\b|\bmutual(?:ly)?\b(?!\s+(?:\w+\s+)?(?:friends?|neighbou?rs?|connections?|contacts?|acquaintances?))|互相|相互|双向|彼此/i;

/**
 * Leaving: the link starts at the place it leaves ("transfers leave a07", "routes depart from
 * X", "money paid out of a07", "outgoing", "a07 转出").
 */
export const leavingWords =
  /\b(?:leav(?:e|es|ing)|left\s+(?:from\s+)?(?=[A-Z0-9]|the\b)|depart(?:s|ed|ing|ures?)?|exit(?:s|ed|ing)?|originat(?:e|es|ed|ing)|emanat(?:e|es|ed|ing)|outflows?|outbound|outgoing|export(?:s|ed|ing)?)\b|\b(?:go(?:es)?|went|gone|going|sen[dt]s?|sending|pa(?:y|ys|id|ying)|ship(?:s|ped|ping)?|flow(?:s|ed|ing)?|mov(?:e|es|ed|ing)|wir(?:e|es|ed|ing)|transferr?(?:s|ed|ing)?|stream(?:s|ed|ing)?|pour(?:s|ed|ing)?|spen[dt]s?|spending)\s+out\b|转出|发出|离开|出发|汇出|流出|运出|寄出|支出|付出|始发|发往|开往|驶出|出港|出站|出口|输出|外销|运往|下游/i;

/** Arriving: the link ends at the place it reaches ("arrive at X", "incoming", "a07 转入"). */
export const arrivingWords =
  /\b(?:arriv(?:e|es|ed|ing|als?)|inflows?|inbound|incoming|import(?:s|ed|ing)?|enter(?:s|ed|ing)?|land(?:s|ed|ing)?\s+(?:at|in))\b|\b(?:draw(?:s|n|ing)?|drew|tak(?:e|es|ing)|took|taken|com(?:e|es|ing)|came|flow(?:s|ed|ing)?|pour(?:s|ed|ing)?|bring(?:s|ing)?|brought|pull(?:s|ed|ing)?|rak(?:e|es|ed|ing))\s+in(?:to)?\b|转入|流入|到达|进入|汇入|入账|运入|进货|抵达|驶入|进港|进站|进口|输入|引进|上游/i;

/** Receiving: the verb's subject is where the link ends ("a07 received", "收到 a25 的转账"). */
const receivingVerbs =
  /\b(?:receiv(?:e|es|ed|ing)|collect(?:s|ed|ing)?|obtain(?:s|ed|ing)?|accept(?:s|ed|ing)?|buy(?:s|ing)?|bought|purchas(?:e|es|ed|ing)|procur(?:e|es|ed|ing)|acquir(?:e|es|ed|ing))\b|收到|接收|收取|收款|收过|收了|购买|采购|买入|买进|购入|买/i;

/** Sending: the verb's subject is where the link starts ("a25 paid", "Who paid a25?"). */
const sendingVerbs =
  /\b(?:sen[dt]s?|sending|pa(?:y|ys|id|ying)|transferr?(?:s|ed|ing)?|wir(?:e|es|ed|ing)|ship(?:s|ped|ping)?|g[ai]ve|gives|giving|given|lent|lends?|lending|email(?:s|ed|ing)?|forward(?:s|ed|ing)?|deliver(?:s|ed|ing)?|suppl(?:y|ies|ied|ying)|donat(?:e|es|ed|ing)|remit(?:s|ted|ting)?|refer(?:s|red|ring)?|cit(?:e|es|ed|ing)|call(?:s|ed|ing)?|messag(?:e|es|ed|ing)|invit(?:e|es|ed|ing)|follow(?:s|ed|ing)?|recommend(?:s|ed|ing)?|mention(?:s|ed|ing)?|contact(?:s|ed|ing)?|sell(?:s|ing)?|sold|sales?|vend(?:s|ed|ing)?|shipments?|deliver(?:y|ies))\b|转账|转钱|转过|转了|转给|汇款|汇钱|汇过|汇了|付款|付钱|付过|支付|打款|寄给|发给|发送|推荐|引用|关注|邀请|联系|出售|销售|卖给|供货|供应|卖/i;

// The node is where the links start: "from a07", "out of a07", "从 a07".
const originBefore = /(?:\b(?:from|out\s+of)\s+(?:the\s+)?(?:\w+\s+)?|从\s*)$/i;
// The node is where they end: "to a07", "into a07", "towards a07", "给 a07", "向 a07".
const destinationBefore =
  /(?:\b(?:to|into|towards?|for|at|in)\s+(?:the\s+)?(?:\w+\s+)?|(?:给|向|到|至|往|入)\s*)$/i;
// With a verb of sending, only a recipient's preposition: "to a07", "给 a07".
const recipientBefore = /(?:\b(?:to|into|towards?)\s+(?:the\s+)?|(?:给|向|往|到)\s*)$/i;
// The agent of a passive: "paid by a25", "被 a25 推荐".
const agentBefore = /(?:\bby\s+(?:the\s+)?|被\s*)$/i;
// A passive between the node and its verb: "was m22 referred", "m22 被推荐".
const passiveBetween =
  /^\s*(?:被|(?:has|have|had)\s+been\b|(?:was|were|is|are|been|being|get|gets|got)\b)/i;
const passiveAuxiliary = /\b(?:was|were|is|are|been|being|get|gets|got)\s+(?:\S+\s+){0,3}$/i;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Where the node is named, case-insensitively, or -1. */
function nodeAt(question: string, node: string): number {
  const exact = question.indexOf(node);
  if (exact >= 0) return exact;
  return question.search(new RegExp(escapeRegExp(node), "i"));
}

// Plurals that are also verbs ("transfers", "emails", "calls"): after a counting word, an
// article or a possessive they are the things counted, not a verb whose voice gives the
// direction.
const countedNoun =
  /\b((?:how\s+many|number\s+of|total|the|any|all|no|its|their|his|her|of|many|few|\w+'s|incoming|outgoing)\s+(?:\w+\s+)?)(?:emails|calls|transfers|contacts|supplies|ships|mentions|follows|cites|refers|pays|sends|exports|delivers|payments|messages|gifts|referrals|citations|invitations)\b/gi;

// Chinese: after a count or a possessive the same words are nouns ("多少条引用连接", "a25 的转账").
const countedChineseNoun =
  /((?:多少|几)(?:个|条|笔|次|位|份|项)?|的)(?:引用|推荐|转账|付款|汇款|邀请|关注|联系|支付)/g;

// Chinese agent nouns name the other end, not a verb: "供货方" (the supplier), "出口国" (the
// exporting country), "买家" (the buyer) are who sends or receives, not what the node does.
const chineseAgentNoun =
  /(?:供货|供应|出口|进口|卖|买|出售|购买|采购|销售|转账|付款|汇款|推荐|引用|邀请|发送|接收)(?:方|商|者|人|国|家|端)/g;

function withNounsAsNouns(question: string): string {
  return question
    .replace(countedNoun, "$1links")
    .replace(countedChineseNoun, "$1链接")
    .replace(chineseAgentNoun, "伙伴");
}

/** The verb of a class nearest the node, and whether it comes after the node. */
function nearestVerb(input: {
  question: string;
  at: number;
  length: number;
  verbs: RegExp;
}): { after: boolean; index: number } | null {
  const { question, at, length } = input;
  const pattern = new RegExp(input.verbs.source, "gi");
  let best: { after: boolean; index: number; distance: number } | null = null;
  for (const match of question.matchAll(pattern)) {
    const index = match.index ?? 0;
    if (index >= at && index < at + length) continue;
    const after = index >= at + length;
    const distance = after ? index - (at + length) : at - (index + match[0].length);
    if (!best || distance < best.distance) best = { after, index, distance };
  }
  return best ? { after: best.after, index: best.index } : null;
}

/**
 * The direction a verb of sending (`out` when the node sends) or receiving (`in`) gives at the
 * node, by the node's place: the verb's subject ("a25 paid", "a07 received") or its object
 * ("paid a25"), an agent ("by a25"), a passive ("m22 被推荐"), or a preposition.
 */
function byVerb(input: {
  question: string;
  at: number;
  length: number;
  verbs: RegExp;
  subjectDirection: "in" | "out";
}): "in" | "out" | null {
  const { question, at, length, subjectDirection } = input;
  const verb = nearestVerb(input);
  if (!verb) return null;
  const other = subjectDirection === "out" ? "in" : "out";
  const before = question.slice(0, at);
  if (originBefore.test(before)) return "out";
  if (recipientBefore.test(before)) return "in";
  if (agentBefore.test(before)) return subjectDirection;
  if (verb.after) {
    const between = question.slice(at + length, verb.index);
    const passive =
      passiveBetween.test(between) || /\b(?:was|were|is|are|been|being)\s+$/i.test(before);
    return passive ? other : subjectDirection;
  }
  // "Which accounts were paid by …" has its agent after; "were … paid a25" is rare.
  return passiveAuxiliary.test(question.slice(0, verb.index)) ? subjectDirection : other;
}

// What may join a word of one direction to one of the other: "imports and exports", "sent or
// received", "进口和出口".
const joinedBy =
  /^\s*(?:,?\s*(?:and|or|plus|&|\/|as\s+well\s+as)\s+(?:the\s+)?|(?:和|与|及|或|以及|、)\s*)$/i;

/** Where a class of words occurs in the question, as [start, end) spans. */
function spansOf(question: string, words: RegExp): [number, number][] {
  const pattern = new RegExp(words.source, "gi");
  return [...question.matchAll(pattern)].map((match) => {
    const start = match.index ?? 0;
    return [start, start + match[0].length];
  });
}

/** A word with a direction where it stands: `out` for leaving or sending, `in` for the others. */
export type DirectedWord = { start: number; end: number; direction: "in" | "out" };

/**
 * Every word of sending, leaving, receiving or arriving in the question, in order, placed in
 * `text`: the question with its counted nouns set apart ("how many emails" is no verb).
 */
export function directedWords(question: string): { text: string; words: DirectedWord[] } {
  const text = withNounsAsNouns(question);
  const of = (words: RegExp, direction: "in" | "out") =>
    spansOf(text, words).map(([start, end]) => ({ start, end, direction }));
  const words = [
    ...of(leavingWords, "out"),
    ...of(sendingVerbs, "out"),
    ...of(arrivingWords, "in"),
    ...of(receivingVerbs, "in"),
  ].sort((a, b) => a.start - b.start);
  return { text, words };
}

/**
 * Both ways named side by side ("counting imports and exports together", "bought or sold",
 * "进口和出口", "买卖", "进出口"): a word of leaving or sending joined to one of arriving or
 * receiving, in either order, by a conjunction alone.
 */
export function bothWaysJoined(question: string): boolean {
  if (/进出口|买卖|收支|往来|进出/.test(question)) return true;
  const out = [...spansOf(question, leavingWords), ...spansOf(question, sendingVerbs)];
  const into = [...spansOf(question, arrivingWords), ...spansOf(question, receivingVerbs)];
  const joined = (first: [number, number], second: [number, number]) =>
    first[1] <= second[0] && joinedBy.test(question.slice(first[1], second[0]));
  return out.some((a) => into.some((b) => joined(a, b) || joined(b, a)));
}

/** Whether the question names a verb or noun with a direction: sending, receiving, leaving, arriving. */
export function namesDirectedVerb(question: string): boolean {
  const text = withNounsAsNouns(question);
  return (
    namesAgentNoun(question) ||
    [leavingWords, arrivingWords, sendingVerbs, receivingVerbs].some((words) => words.test(text))
  );
}

/**
 * The direction of the links a question about one named node counts or lists: `all` when it
 * says both ways; `in` or `out` by the degree's name; by a word of leaving or arriving (with
 * the node's preposition: "arrive from X" still starts at X); by a verb of receiving or
 * sending and the node's place around it; else as `nodeDegreeMode` reads the verb's voice.
 */
export function linkDirection(question: string, node: string): "all" | "in" | "out" {
  if (bothDirectionWords.test(question) || bothWaysJoined(question)) return "all";
  const inNamed = /\bin[\s-]?degree|\bindegree|入度/i.test(question);
  const outNamed = /\bout[\s-]?degree|\boutdegree|出度/i.test(question);
  if (inNamed !== outNamed) return inNamed ? "in" : "out";
  const named = nodeAt(question, node);
  const agent = named >= 0 ? agentDirection(question, node, named) : null;
  if (agent) return agent;
  const text = withNounsAsNouns(question);
  const at = nodeAt(text, node);
  if (at < 0) return nodeDegreeMode(text, node);
  const before = text.slice(0, at);
  const leaving = leavingWords.test(text);
  const arriving = arrivingWords.test(text);
  if (leaving !== arriving) {
    if (originBefore.test(before)) return "out";
    if (destinationBefore.test(before)) return "in";
    return leaving ? "out" : "in";
  }
  const length = node.length;
  const received = byVerb({
    question: text,
    at,
    length,
    verbs: receivingVerbs,
    subjectDirection: "in",
  });
  if (received) return received;
  const sent = byVerb({ question: text, at, length, verbs: sendingVerbs, subjectDirection: "out" });
  if (sent) return sent;
  return nodeDegreeMode(text, node);
}

const passiveBefore = /(?:\b(?:been|being|be|is|are|was|were|get|gets|got)\s+|被\s*)$/i;

/**
 * The direction a ranking counts, when it names no node: "Which country imports from the most
 * countries?" (in), "哪个国家的出口对象最多？" (out), "Which paper was cited the most?" (in).
 * The nodes asked for are the subject of its first verb with a direction; a passive turns it
 * round; both directions named together, or none, count every link.
 */
export function rankingDirection(
  question: string,
  options: { towardNodes?: boolean } = {},
): "all" | "in" | "out" {
  const named = degreeMode(question);
  if (named !== "all") return named;
  if (bothDirectionWords.test(question) || bothWaysJoined(question)) return "all";
  const { text, words } = directedWords(question);
  const [first] = words;
  if (!first) return "all";
  // With `towardNodes`, only a verb aimed at other nodes ("imports from the most countries",
  // "出口对象最多") counts: "sells the most units" sums a property, "give two decimals" asks
  // for a format.
  const aimed = /^\s*(?:to|from|into|towards?)\b|^\s*(?:对象|伙伴|目的地|来源|到|给|往)/i;
  // "the most outbound lanes", "出港航线最多": a direction said of the links counted counts too.
  const ofLinks =
    /^\s*(?:\w+\s+)?(?:lanes?|links?|edges?|routes?|connections?|flights?|segments?|arcs?|services?|sailings?|voyages?|trips?|legs?)\b|^\s*的?(?:航线|边|连接|线路|路线|航班|链接|班次|运输)/i;
  const after = text.slice(first.end);
  if (options.towardNodes && !aimed.test(after) && !ofLinks.test(after)) return "all";
  const passive = passiveBefore.test(text.slice(Math.max(0, first.start - 20), first.start));
  if (!passive) return first.direction;
  return first.direction === "in" ? "out" : "in";
}
