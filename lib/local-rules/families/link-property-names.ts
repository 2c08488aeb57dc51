import { chinesePropertyWords } from "../aggregate/property-words";
import { wordForms } from "./node-conditions";

// A link property the question names by its own name: "the containers on every lane", "total
// ascent", "sailing days", "集装箱量", "总爬升". Only the graph's schema knows which numbers its
// links carry, so the question is read against the property names themselves (their singular
// and plural, an underscore read as a space) and the Chinese words analysts use for them. A
// name right after "which", "each" or "per" groups rather than measures ("which year").

// What links carry in transport and outdoor networks, beside the table words of
// `chinesePropertyWords`: a container count, a sailing time, a climb.
const chineseLinkWords: Record<string, string[]> = {
  集装箱: ["containers", "container", "teu", "boxes"],
  箱量: ["containers", "teu", "boxes"],
  天数: ["days", "duration"],
  爬升: ["ascent", "climb", "elevation_gain", "gain"],
  攀升: ["ascent", "climb", "elevation_gain", "gain"],
  下降: ["descent"],
  运量: ["volume", "tonnes", "containers", "passengers"],
  客流: ["passengers", "riders", "trips"],
  乘客: ["passengers", "riders"],
  班次: ["trips", "frequency", "departures", "flights"],
};

const groupingBefore = /\b(?:which|what|each|every|per)\s+$/i;

function escaped(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Whether a Chinese question uses a word for what links carry ("集装箱", "爬升"). */
export function chineseLinkWordIn(question: string): boolean {
  return Object.keys(chineseLinkWords).some((word) => question.includes(word));
}

/** The Chinese words that stand for a property of this name ("集装箱" for containers). */
export function chineseWordsFor(name: string): string[] {
  return Object.entries({ ...chinesePropertyWords, ...chineseLinkWords })
    .filter(([, names]) => names.includes(name.toLowerCase()))
    .map(([word]) => word);
}

/**
 * Where the question names the property as a quantity (its index), or -1: by its English word
 * forms or a Chinese word for it, never in a grouping position.
 */
export function propertyNamedAt(question: string, name: string): number {
  // The name itself, then its other number ("days" is no "-ies" plural of "day").
  const english = new RegExp(
    `(?<![\\w])(?:${escaped(name.replace(/_/g, " "))}|${wordForms(name)})(?![\\w])`,
    "gi",
  );
  for (const match of question.matchAll(english)) {
    const at = match.index ?? 0;
    if (!groupingBefore.test(question.slice(0, at))) return at;
  }
  for (const word of chineseWordsFor(name)) {
    const at = question.search(new RegExp(escaped(word)));
    if (at >= 0 && !/[哪每]\s*$/.test(question.slice(0, at))) return at;
  }
  return -1;
}

/** Whether the question names the property as a quantity. */
export function namesProperty(question: string, name: string): boolean {
  return propertyNamedAt(question, name) >= 0;
}
