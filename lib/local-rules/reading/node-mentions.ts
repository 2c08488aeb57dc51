import { namesDirectedVerb } from "./link-direction";
import { cleanName, extractPathEndpoints, quotedNames } from "./node-name-extraction";
import { chinesePlaceMentions } from "./place-name-translation";

// Capitalised words that start questions or name measures, never nodes.
const notNames = new Set(
  (
    "which what who whom whose how is are was were does do did can could should would will list find " +
    "show give tell name return compute calculate count among across between from to in on of for the a an " +
    "and or by with please yes no i me my we our it its this that these those there if when where why " +
    "pagerank page rank jaccard adamic adar louvain leiden katz hits dijkstra mst sql graph network node nodes " +
    "edge edges top most least highest lowest average mean total max min maximum minimum k-core k core " +
    "officer officers member members paper papers customer customers product products order orders book books " +
    "author authors character characters town towns city cities overall also then next only each every all any " +
    "treating using considering assuming taking counting ignoring based according given suppose imagine " +
    "chinese english k-core k-cores " +
    "degree degrees neighbour neighbours neighbor neighbors shortest path paths route routes clustering " +
    "coefficient diameter radius density triangle triangles component components community communities " +
    "cycle cycles centrality betweenness closeness eigenvector harmonic similarity flow spanning tree " +
    "get identify display determine explain detect run predict hey ok okay so quick question like know " +
    "tell say see check find out want need would could please thanks thank report visualise visualize draw " +
    "plot graph's network's dataset data table following i'd i'm i've has have into rank ranked where " +
    "whats what's hwo how's adamic-adar jaccard's runner-up rest main fewest least most highest lowest " +
    "largest smallest biggest local global average mean total number count minimum maximum weighted " +
    "directed undirected all-time overall fastest cheapest longest add sum tally combined measured"
  ).split(/\s+/),
);

// Ids and kebab-case names; compounds such as "sender-to-receiver" or "peer-to-peer" describe
// links, they name no node.
const idPattern =
  /(?<![\w:])(?:[A-Za-z_][\w-]*:[\w.-]*[\w]|[A-Za-z]{1,3}\d+|node\s+\d+|节点\s*\d+|(?!(?:co|k|non|re|e|self|multi|sub|pre|post|two|one|three|in|out)[-_])(?![a-z]+-(?:to|and)-[a-z]+(?![\w-]))[a-z][a-z0-9]{2,}(?:[-_][a-z0-9]{2,})+(?<!-(?:disjoint|degree|degrees|hop|hops|shortest|weighted|connected|like|based|wise|up|in|out|time|term|level)))(?![A-Za-z\d_:])/g;
// "Harwick Institute of Technology", "Bank of the East": an institution's head noun keeps the
// "of" after it inside the name ("the PageRank of Valjean" still names only Valjean).
const capitalisedPattern =
  /(?<![A-Za-z\u00C0-\u024F\d_'’])[A-Z\u00C0-\u00DE][A-Za-z\u00C0-\u024F\d_'’.-]*(?:\s+(?:[A-Z\u00C0-\u00DE][A-Za-z\u00C0-\u024F\d_'’.-]*|\d+|de|la|le|du|van|von|(?<=\b(?:Institute|University|College|School|Academy|Bank|Museum|Ministry|Department|Society|Council|Hospital|Centre|Center|Republic|Kingdom|Isle|Gulf|Bay|Cape|Port|Church|Board|Office|Court|House|Faculty|Federation|Union|Association)\s+)of(?:\s+the)?(?=\s+[A-Z\u00C0-\u00DE])))*(?![A-Za-z\u00C0-\u024F\d_])/g;

function trimName(raw: string): string | null {
  // "node 5": a bare number is a name only when the question calls it a node.
  const numbered = /^(?:node|节点)\s*(\d+)$/i.exec(raw.trim());
  if (numbered) return numbered[1];
  const original = raw
    .replace(/['’]s$/, "")
    .replace(/[.?!,;:]+$/, "")
    .trim();
  const words = raw
    .replace(/^(?:node|节点)\s*/i, "")
    .replace(/['’]s$/, "")
    .replace(/[.?!,;:]+$/, "")
    .trim()
    .split(/\s+/);
  // "Is Cosette …": question words that happen to be capitalised are not part of the name.
  while (words.length > 0 && notNames.has(words[0].toLowerCase())) words.shift();
  while (words.length > 0 && notNames.has((words.at(-1) ?? "").toLowerCase())) words.pop();
  const name = words.join(" ").replace(/[.?!,;:]+$/, "");
  // "Customer 34" is a label: the type word before a number stays part of it.
  if (words.length > 0 && words.every((word) => /^\d+$/.test(word))) {
    return /^[A-Z][a-z]+\s+\d+$/.test(original) &&
      !/^(?:top|first|last|best|worst|bottom|rank|page|step|hop|hops|level|group|k)\s/i.test(
        original,
      )
      ? original
      : null;
  }
  if (name.length === 0) return null;
  return name;
}

/**
 * Node names the question mentions, in order: quoted names, id-like tokens (`n33`, `p0`,
 * `customers:34`, `node 5`) and capitalised names (`Valjean`, `Customer 34`). They are only
 * candidates: search_node confirms each before any tool runs on it.
 */
export function nodeMentions(question: string): string[] {
  const found: { name: string; at: number }[] = [];
  const quoted = quotedNames(question);
  for (const name of quoted) found.push({ name, at: question.indexOf(name) });
  const taken = (at: number, length: number) =>
    found.some((entry) => at < entry.at + entry.name.length && entry.at < at + length);
  for (const pattern of [idPattern, capitalisedPattern]) {
    for (const match of question.matchAll(pattern)) {
      const name = trimName(match[0]);
      const at = match.index ?? 0;
      if (!name || taken(at, match[0].length)) continue;
      // "the Les Misérables network": a name that qualifies the graph is not a node.
      const after = question.slice(at + match[0].length);
      if (/^\s*(?:network|graph|dataset|data|club|database|网络|图|数据)/i.test(after)) continue;
      // "Starting at Thunder Peak, …": a verb that opens the question is capitalised only
      // because it comes first.
      if (question.slice(0, at).trim() === "" && openingVerb(name, after)) continue;
      // "Leaving Shanghai aside": the opening verb is not part of the name after it.
      const opening = /^([A-Z][a-z]{2,}ing)\s+(?=[A-Z])/.exec(name);
      if (question.slice(0, at).trim() === "" && opening) {
        found.push({ name: name.slice(opening[0].length), at: at + opening[0].length });
        continue;
      }
      // "Exports from Kenya go to …": a word of sending or receiving is capitalised only
      // because it opens the question.
      if (question.slice(0, at).trim() === "" && !/\s/.test(name) && namesDirectedVerb(name)) {
        continue;
      }
      // A capitalised phrase may start with a question word: "Is Valjean …" → "Valjean".
      found.push({ name, at });
    }
  }
  // In a Chinese question every Latin word is a name ("nquist 给 kmurphy 发过邮件吗？").
  if (/[\u3400-\u9fff]/.test(question)) {
    for (const match of question.matchAll(/(?<![\w:])[A-Za-z_][\w'’.-]*(?![\w:])/g)) {
      const word = match[0].replace(/[.:-]+$/, "");
      const at = match.index ?? 0;
      const lower = word.toLowerCase();
      if (
        word.length < 2 ||
        notNames.has(lower) ||
        commonWords.has(lower) ||
        taken(at, word.length)
      )
        continue;
      found.push({ name: word, at });
    }
    // "釜山", "新加坡港": a city or port named in Chinese is a name like a capitalised one.
    for (const place of chinesePlaceMentions(question)) {
      if (!taken(place.at, place.name.length)) found.push(place);
    }
  }
  const names = withoutBracketedLabels(question, found)
    .sort((a, b) => a.at - b.at)
    .map((entry) => entry.name);
  return [...new Set(names)];
}

// "Starting at …", "Leaving Shanghai aside, …", "Beginning from …": one -ing word that opens
// the question before a preposition, a comma or a name is a verb, not a node.
function openingVerb(name: string, after: string): boolean {
  if (/\s/.test(name) || !/^[A-Z][a-z]{2,}ing$/.test(name)) return false;
  return /^\s*(?:,|(?:at|from|in|on|with|for|to|into|out|off|near|by|around|aside)\b|[A-Z])/.test(
    after,
  );
}

// "Port Said (PSD)", "卡亚俄（CLL）": the id in brackets names the node; the label before it is
// the same node, not a second one.
function withoutBracketedLabels(
  question: string,
  found: { name: string; at: number }[],
): { name: string; at: number }[] {
  return found.filter((entry) => {
    const after = question.slice(entry.at + entry.name.length);
    const bracket = /^\s*[（(]\s*([^()（）\s]{1,40})\s*[)）]/.exec(after);
    return !bracket || !found.some((other) => other !== entry && other.name === bracket[1]);
  });
}

// Words that follow "of" / "does" in questions without being names.
const commonWords = new Set(
  (
    "a an the this that these those it its they them he she his her their your my our graph network " +
    "data dataset everyone everybody anyone someone each every any all both nodes edges have has had be " +
    "being been there here more less than one two three many much times often most connections links " +
    "neighbours neighbors friends degree separation interest type types kind kinds value values " +
    "hub hubs authority authorities score scores"
  ).split(/\s+/),
);

// "the degree of cosete", "how many neighbours does cosete have": a lower-case name is found by
// where it stands, since it has no capital or digit to show it is a name.
const placedNamePatterns = [
  /\b(?:of|does|did|do|for|about)\s+(?:(?:the\s+)?(?:node|member|character|vertex)\s+)?([A-Za-z_][\w'’.:-]*)/gi,
];

function placedName(question: string): string | null {
  // "from the largest number of colleagues": a ranking, not a question about one node.
  if (/\b(?:most|largest|highest|biggest|fewest|least|lowest|number of)\b|最/i.test(question))
    return null;
  for (const pattern of placedNamePatterns) {
    for (const match of question.matchAll(pattern)) {
      const word = match[1].replace(/['’]s$/, "").replace(/[.:-]+$/, "");
      if (
        /^(?:network|graph|dataset)$/i.test(
          question
            .slice((match.index ?? 0) + match[0].length)
            .trim()
            .split(/\s+/)[0] ?? "",
        )
      )
        continue;
      const lower = word.toLowerCase();
      if (word.length < 2 || notNames.has(lower) || commonWords.has(lower)) continue;
      return word;
    }
  }
  // A Latin word inside a Chinese question is a name ("cosette 的度是多少").
  if (/[\u3400-\u9fff]/.test(question)) {
    for (const match of question.matchAll(/(?<![\w:])[A-Za-z_][\w'’.:-]*(?![\w:])/g)) {
      const word = match[0].replace(/[.:-]+$/, "");
      const lower = word.toLowerCase();
      if (word.length >= 2 && !notNames.has(lower) && !commonWords.has(lower)) return word;
    }
  }
  return null;
}

/** The first node the question is about, or null. */
export function subjectMention(question: string): string | null {
  return nodeMentions(question)[0] ?? placedName(question);
}

// "Is X reachable from Y": Y is where the walk starts.
const passivePattern =
  /\b(?:is|was|were|are|has been|have been)\s+(.+?)\s+\w+(?:ed|en|wn|ght)\s+by\s+(.+?)(?=$|[?？!！,，;；。])/i;
const reversedPatterns = [
  passivePattern,
  /\b(?:is|are)\s+(.+?)\s+(?:reachable|accessible)\s+from\s+(.+?)(?=$|[?？!！,，;；。])/i,
  /\bcan\s+(.+?)\s+be\s+reached\s+from\s+(.+?)(?=$|[?？!！,，;；。])/i,
];

/** The two endpoints of a two-node question, source first; nulls where none was found. */
export function endpointMentions(question: string): {
  source: string | null;
  target: string | null;
} {
  for (const pattern of reversedPatterns) {
    const match = pattern.exec(question);
    if (!match) continue;
    const target = cleanName(match[1]);
    const source = cleanName(match[2]);
    if (!source || !target) continue;
    // "connected by a path" is no passive about two nodes: both sides must name one.
    const passive = pattern === passivePattern;
    if (passive && (nodeMentions(source).length === 0 || nodeMentions(target).length === 0)) {
      continue;
    }
    return { source: firstMention(source), target: firstMention(target) };
  }
  const mentions = nodeMentions(question);
  if (mentions.length >= 2) return { source: mentions[0], target: mentions[1] };
  const cut = extractPathEndpoints(question);
  if (cut.source && cut.target) {
    // "从 Alderbrook 出发能走到那里": the cut runs on past the name into the sentence.
    return { source: narrowedToMention(cut.source), target: narrowedToMention(cut.target) };
  }
  return { source: mentions[0] ?? null, target: null };
}

// A cut-out phrase that mixes a Latin name with Chinese words around it is that name.
function narrowedToMention(phrase: string): string {
  if (!/[\u3400-\u9fff]/.test(phrase) || !/[A-Za-z]/.test(phrase)) return phrase;
  const inside = nodeMentions(phrase);
  return inside.length === 1 ? inside[0] : phrase;
}

// A cut-out phrase ("node n16") reduced to the name it holds, when it holds one.
function firstMention(phrase: string): string {
  return nodeMentions(phrase)[0] ?? phrase;
}
