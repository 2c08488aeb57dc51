import type { MeasureSignals } from "./measure-words";
import type { Mention } from "./mention";

/** The words that say what the answer's rows are: "which customer segment", "每个城市". */
export type GroupChain = {
  mentions: Mention[];
  /** "per" lists every group; the others ask for the top one. */
  how: "which" | "tail" | "with" | "common" | "per";
};

// What may stand between the words of one noun phrase: "customer segment", "type of book",
// "customer's city", "类型的书".
const connector = /^(?:\s*|\s+of\s+(?:the\s+)?|['’]s\s+|\s*的\s*)$/i;
const whichLead =
  /^\s*(?:(?:is|are|was|were)\s+)?(?:the\s+|a\s+|an\s+)?(?:one\s+of\s+the\s+)?(?:top\s+)?(?:(?:\d+|two|three|four|five|six|seven|eight|nine|ten)\s+)?/i;
const perLead = /^\s*(?:the\s+|a\s+)?/i;
const chineseTail = /^\s*(?:是|为)?\s*(?:谁|哪|什么)/;
const englishWithTheMost =
  /^\s+(?:with|having|that has|that have|who has|who have|which has|which have)\s+the\s+(?:most|highest|largest|biggest|greatest|fewest|least|lowest|smallest)\b/i;

// Two tables never form one noun phrase: in "类型的书借阅" the books end the phrase and the
// loans are what is counted; a table may be followed by its property ("customer segment").
function mayFollow(previous: Mention, next: Mention): boolean {
  return !(previous.kind === "type" && next.kind === "type");
}

function chainForward(question: string, mentions: Mention[], from: number): Mention[] {
  const chain: Mention[] = [];
  let position = from;
  for (const mention of mentions) {
    if (mention.start < position) continue;
    const gap = question.slice(position, mention.start);
    if (chain.length === 0 ? gap.trim() !== "" : !connector.test(gap)) break;
    if (chain.length > 0 && !mayFollow(chain[chain.length - 1], mention)) break;
    chain.push(mention);
    position = mention.end;
  }
  return chain;
}

function chainBackward(question: string, mentions: Mention[], last: Mention): Mention[] {
  const chain: Mention[] = [last];
  const index = mentions.indexOf(last);
  for (let i = index - 1; i >= 0; i--) {
    const previous = mentions[i];
    if (!connector.test(question.slice(previous.end, chain[0].start))) break;
    if (!mayFollow(previous, chain[0])) break;
    chain.unshift(previous);
  }
  return chain;
}

// "Which research field", "which home city": a plain word before a property narrows the noun,
// it names nothing of its own. Only a property may follow, so "which big customer" stays
// unread.
function modifiedProperty(question: string, mentions: Mention[], from: number): Mention[] {
  const modifier = /^[a-z]+\s+/.exec(question.slice(from));
  if (!modifier) return [];
  const chain = chainForward(question, mentions, from + modifier[0].length);
  return chain[0]?.kind === "property" ? chain : [];
}

function asChain(mentions: Mention[], how: GroupChain["how"]): GroupChain | null {
  return mentions.length === 0 ? null : { mentions, how };
}

/** Every phrase of the question that names the groups of an aggregate. */
export function findGroupChains(input: {
  question: string;
  mentions: Mention[];
  signals: MeasureSignals;
}): GroupChain[] {
  const { question, mentions, signals } = input;
  const chains: (GroupChain | null)[] = [];
  for (const which of signals.which) {
    const lead = whichLead.exec(question.slice(which.end));
    const start = which.end + (lead?.[0].length ?? 0);
    const forward = chainForward(question, mentions, start);
    // Only "which" itself: in "what is the average year", "average" is no modifier.
    const bare = /^which\s+$/i.test(question.slice(which.start, start));
    if (forward.length === 0 && bare) forward.push(...modifiedProperty(question, mentions, start));
    // "Authors of which country": the table before "of which" owns the grouped property.
    const owner = [...mentions].reverse().find((mention) => mention.end <= which.start);
    const ownsPhrase =
      owner?.kind === "type" &&
      /^\s+(?:of|from|in)\s+$/i.test(question.slice(owner.end, which.start));
    chains.push(asChain(ownsPhrase && owner ? [owner, ...forward] : forward, "which"));
  }
  for (const per of signals.per) {
    const lead = perLead.exec(question.slice(per.end));
    chains.push(
      asChain(chainForward(question, mentions, per.end + (lead?.[0].length ?? 0)), "per"),
    );
  }
  for (const common of signals.mostCommon) {
    const lead = perLead.exec(question.slice(common.end));
    chains.push(
      asChain(chainForward(question, mentions, common.end + (lead?.[0].length ?? 0)), "common"),
    );
  }
  for (const mention of mentions) {
    const after = question.slice(mention.end);
    if (chineseTail.test(after))
      chains.push(asChain(chainBackward(question, mentions, mention), "tail"));
    if (englishWithTheMost.test(after))
      chains.push(asChain(chainBackward(question, mentions, mention), "with"));
  }
  return chains.filter((chain): chain is GroupChain => chain !== null);
}
