import { chineseLinkWordIn } from "./link-property-names";

// The quantities links carry, as analysts name them: a word or unit ("money", "km", "吨",
// "capacity in MW") and the edge property names it may stand for. A graph built with a weight
// column keeps that column as `weight`, whatever it measures; the question then names it by
// what it measures ("the total length of the lines", "the average travel time"), so the
// measures a weight usually is (lengths, times, costs) fall back on it when no link property
// has that name.

/** A quantity the question names: the property names it stands for, most likely first. */
export type QuantityWord = {
  names: string[];
  /** A length, a time or a cost: what a weight column usually measures. */
  measuresWeight: boolean;
};

const quantityWords: (QuantityWord & { pattern: RegExp })[] = [
  {
    pattern:
      /\bmoney\b|\bamounts?\b|\bpaid\b|\bpayments? value\b|\bvalue\b|\bfees?\b|\brevenues?\b|\bincome\b|\bearn(?:s|ed|ing|ings)?\b|金额|(?:进口|出口|贸易|转账|汇款|付款|收款|交易)总?额|钱|款|(?<![用消])费(?!用)|支出|收入/i,
    // A fee or price is what money a link carries when it moves goods or people ("fee_m").
    names: ["amount", "value", "total", "money", "sum", "payment", "fee", "fees", "price"],
    measuresWeight: false,
  },
  { pattern: /\bhours?\b|工时|小时/i, names: ["hours", "hour", "duration"], measuresWeight: true },
  {
    pattern: /\bminutes?\b|\btravel(?:ling)? times?\b|\bjourney times?\b|分钟|行车时间|用时|耗时/i,
    names: ["minutes", "time", "travel_time", "duration"],
    measuresWeight: true,
  },
  {
    pattern:
      /\bkm\b|\bkilomet(?:er|re)s?\b|\bdistances?\b|\blengths?\b|\bmiles?\b|公里|千米|距离|长度|总长|里程/i,
    names: ["km", "length", "distance", "length_km", "miles"],
    measuresWeight: true,
  },
  {
    pattern: /\bdays?\b|天数|几天|多少天/i,
    names: ["days", "duration", "time"],
    measuresWeight: true,
  },
  {
    pattern: /\btonnes?\b|\btons?\b|吨/i,
    names: ["tonnes", "tons", "weight_t"],
    measuresWeight: false,
  },
  { pattern: /\bvisits?\b|就诊|看诊|诊次/i, names: ["visits"], measuresWeight: false },
  { pattern: /\bcosts?\b|成本|费用/i, names: ["cost", "price", "fee"], measuresWeight: true },
  {
    pattern: /\bcapacit(?:y|ies)\b|\bMW\b|\bmegawatts?\b|容量|兆瓦/i,
    names: ["capacity", "mw", "capacity_mw"],
    measuresWeight: false,
  },
];

// "Add up the fees" on links that carry both an amount and a fee: a name the question says
// itself goes before the entry's usual order.
function namesSaidFirst(names: string[], text: string): string[] {
  const said = names.filter((name) => new RegExp(`\\b${name}s?\\b`, "i").test(text));
  return [...said, ...names.filter((name) => !said.includes(name))];
}

/** The quantity a question names, the first in the list above that it mentions. */
export function quantityWordOf(text: string): QuantityWord | null {
  const found = quantityWords.find((entry) => entry.pattern.test(text));
  return found
    ? { names: namesSaidFirst(found.names, text), measuresWeight: found.measuresWeight }
    : null;
}

/** Every quantity the question names, in the list's order ("tonnes … capacity"). */
export function quantityWordsOf(text: string): QuantityWord[] {
  return quantityWords
    .filter((entry) => entry.pattern.test(text))
    .map((entry) => ({
      names: namesSaidFirst(entry.names, text),
      measuresWeight: entry.measuresWeight,
    }));
}

/**
 * No word of the list: the question may still name a link property by its own name
 * ("containers", "ascent", "集装箱"), which only the graph's schema can tell.
 */
export const propertyByName: QuantityWord = { names: [], measuresWeight: false };

// Things a question counts rather than measures: links and the nodes they join, by the names
// networks give them. "The most containers" may be a number each lane carries; "the most
// orders" counts orders.
const countedNouns = new Set(
  (
    "links edges connections ties relationships nodes vertices neighbours neighbors friends " +
    "members customers clients users people accounts products items orders loans referrals " +
    "papers citations emails messages calls flights transfers payments routes lanes segments " +
    "trails roads lines stations stops hops steps paths trips shipments units books authors " +
    "students courses employees players characters times others ones nodes' pairs triangles " +
    "sellers buyers suppliers partners followers senders recipients receivers contacts " +
    "countries cities towns places ports airports companies firms teams groups communities"
  ).split(/\s+/),
);

// A noun in the place of what is summed or ranked: "the most containers", "the largest volume
// of containers", "add up the containers", "the total ascent", "how many containers".
const quantitySlot =
  /\b(?:most|least|largest|smallest|highest|lowest|biggest|greatest|fewest|how many)\s+(?:(?:volume|amount|quantity|number|count)\s+of\s+)?(?:the\s+)?([a-z]+s)\b|\b(?:total|combined|sum of|add(?:s|ed)? up|adding up|volume of|amount of|(?:share|percentage|proportion|fraction) of)\s+(?:(?:volume|amount|quantity|number|count)\s+of\s+)?(?:the\s+|all\s+(?:the\s+)?)?([a-z]+)\b/gi;

/**
 * Whether the question may name a link property by its own name, which the schema confirms:
 * in English a noun where a quantity stands that is not a thing counted; in Chinese a word
 * for what links carry (集装箱, 爬升, 天数).
 */
export function mayNameLinkProperty(text: string): boolean {
  if (/[\u3400-\u9fff]/.test(text) && chineseLinkWordIn(text)) return true;
  for (const match of text.matchAll(quantitySlot)) {
    const noun = (match[1] ?? match[2] ?? "").toLowerCase();
    if (noun && !countedNouns.has(noun) && !/^(?:the|all|of|number|in|and|per)$/.test(noun)) {
      return true;
    }
  }
  return false;
}
