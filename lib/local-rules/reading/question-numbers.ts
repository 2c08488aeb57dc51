const englishNumbers: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  fifteen: 15,
  twenty: 20,
  thirty: 30,
  fifty: 50,
  hundred: 100,
};

const chineseDigits: Record<string, number> = {
  零: 0,
  一: 1,
  二: 2,
  两: 2,
  三: 3,
  四: 4,
  五: 5,
  六: 6,
  七: 7,
  八: 8,
  九: 9,
};

/** A number written with digits, an English word or Chinese numerals (up to 99). */
export function parseNumberWord(text: string): number | null {
  const trimmed = text.trim().toLowerCase();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  if (trimmed in englishNumbers) return englishNumbers[trimmed];
  const chinese = /^([一二两三四五六七八九])?(十)?([一二三四五六七八九])?$/.exec(trimmed);
  if (chinese && trimmed.length > 0) {
    const [, tens, ten, ones] = chinese;
    if (!ten) return tens && !ones ? chineseDigits[tens] : null;
    return (tens ? chineseDigits[tens] : 1) * 10 + (ones ? chineseDigits[ones] : 0);
  }
  return null;
}

const numberToken = "(\\d{1,4}|[a-z]+|[一二两三四五六七八九十]{1,3})";

// Each pattern captures how many items the user wants: "top 5", "5 most central", "前5个".
const countPatterns = [
  new RegExp(`\\btop[\\s-]*${numberToken}\\b`, "i"),
  new RegExp(`\\bfirst\\s+${numberToken}\\b`, "i"),
  new RegExp(
    `\\b${numberToken}\\s+(?:most|highest|top|best|leading|key|largest|biggest|central|important|influential)\\b`,
    "i",
  ),
  // "Which 3 nodes have …", "list the five people with …": a number right after the question
  // or list word, in digits or an English word only (a bare word here is usually not a number),
  // and not a precision or a distance ("give two decimals", "within 2 hops").
  new RegExp(
    `\\b(?:which|what|list|name|show|give|find|return)\\s+(?:me\\s+)?(?:the\\s+)?(\\d{1,4}|${Object.keys(englishNumbers).join("|")})\\s+(?!(?:decimal|digit|place|significant|hop|time|step|degree)s?\\b)[a-z]`,
    "i",
  ),
  new RegExp(`前\\s*${numberToken}`),
  new RegExp(`${numberToken}\\s*(?:个|名|位)`),
];

/** The "top k" the question asks for, clamped to [1, max], or the default. */
export function parseRequestedCount(input: {
  question: string;
  fallback: number;
  max: number;
}): number {
  for (const pattern of countPatterns) {
    const match = pattern.exec(input.question);
    if (!match) continue;
    const value = parseNumberWord(match[1]);
    if (value !== null && value > 0) return Math.min(value, input.max);
  }
  return input.fallback;
}

// "Friends of friends (of friends)": each repeat of the relation is one more hop.
const repeatedRelation =
  /\b(friends?|neighbou?rs?|contacts?|connections?|co-?authors?|collaborators?|followers?|colleagues?|partners?)\s+of\s+(?:(?:my|your|their|his|her|its|the)\s+)?\1\b(?:\s+of\s+(?:(?:my|your|their|his|her|its|the)\s+)?\1\b)?/i;
// "With at most one stop", "one-stop", "up to 2 layovers": n stops are n + 1 legs.
const stopsPattern = new RegExp(
  `\\b(?:(?:at most|up to|no more than|a maximum of|maximum of|max|with|within|including)\\s+(?:a\\s+single|${numberToken})|(\\d|one|two)(?=[\\s-]stop))[\\s-]*(?:stops?|layovers?|changes?|transfers?|intermediate (?:stops?|nodes?|hops?))\\b`,
  "i",
);

/**
 * The neighbourhood depth a question names, or null when it names none: "2 hops", "depth 3",
 * "二度", "friends of friends" (2), "with at most one stop" (2 legs), "经停一次" (2).
 */
export function readExplicitDepth(input: { question: string }): number | null {
  const patterns = [
    new RegExp(`${numberToken}[\\s-]*hops?\\b`, "i"),
    new RegExp(`\\bdepth\\s*(?:of\\s*|=\\s*)?${numberToken}`, "i"),
    /([1-3一二两三])\s*(?:度|跳|阶|层)/,
  ];
  for (const pattern of patterns) {
    const match = pattern.exec(input.question);
    if (!match) continue;
    const value = parseNumberWord(match[1]);
    if (value !== null && value > 0) return Math.min(value, 3);
  }
  const repeated = repeatedRelation.exec(input.question);
  if (repeated) return repeated[0].toLowerCase().split(/\s+of\s+/).length;
  // "Within two stops" of a station counts stations along the line: n stops are n hops. A
  // flight "with at most one stop" is two legs (below).
  const withinStops = new RegExp(`\\bwithin\\s+${numberToken}\\s+stops?\\b`, "i").exec(
    input.question,
  );
  if (withinStops) {
    const value = parseNumberWord(withinStops[1]);
    if (value !== null && value > 0) return Math.min(value, 3);
  }
  const stops = stopsPattern.exec(input.question);
  if (stops) {
    const value = /single/i.test(stops[0]) ? 1 : parseNumberWord(stops[1] ?? stops[2] ?? "");
    if (value !== null && value >= 0) return Math.min(value + 1, 3);
  }
  if (/朋友的朋友|好友的好友|邻居的邻居/.test(input.question)) return 2;
  const chineseStops =
    /(?:经停|转机|中转|换乘)\s*(?:最多|不超过)?\s*([一二两1-2])\s*次|(?:最多|不超过)\s*([一二两1-2])\s*次(?:经停|转机|中转|换乘)/.exec(
      input.question,
    );
  if (chineseStops) {
    const value = parseNumberWord(chineseStops[1] ?? chineseStops[2]);
    if (value !== null) return Math.min(value + 1, 3);
  }
  return null;
}

/** The neighbourhood depth the question asks for ("2 hops", "two-hop", "二度"), 1 to 3. */
export function parseRequestedDepth(input: { question: string }): number {
  return readExplicitDepth(input) ?? 1;
}
