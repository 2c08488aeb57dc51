import { nameForms } from "./english-forms";
import { findPattern, findPhrase } from "./find-phrase";
import { allReferences, type MentionCandidate, type PropertyRef } from "./mention";
import { mixedLanguageForms } from "./mixed-language-names";
import {
  chineseMoneyWords,
  chinesePropertyWords,
  chineseQuantityWords,
  englishMoneyWords,
  englishPropertyWords,
  moneyPropertyNames,
} from "./property-words";
import { propertyCarriesQuantity } from "./quantity-property-names";
import type { QueryCatalogue } from "./query-catalogue";

// Names that are never a property a question asks about by that word.
const ignoredPropertyName = /^(?:id|.*_id)$/i;

// English money words that ask for a sum by themselves ("spends", "revenue"); "amount" does not.
const summingMoneyWord = /spen|revenue|sales|turnover|paid|pay/;

// Trailing name parts that give a quantity's unit, not what it is; `insured_sum` is what is
// insured ("insured for").
const unitPart =
  /^(?:years?|yrs?|months?|days?|hours?|hrs?|minutes?|mins?|seconds?|secs?|usd|eur|gbp|pct|percent|kg|km|miles?|count|num|total|value|amount|sum)$/;

/** `tenure_years` → `tenure`: the name without a trailing unit, when that leaves a word. */
function unitlessHead(name: string): string | null {
  const parts = name.split(/[_\s]+/);
  if (parts.length < 2 || !unitPart.test(parts[parts.length - 1])) return null;
  const head = parts.slice(0, -1).join("_");
  return head.length >= 4 ? head : null;
}

/** `start` → `started`, `release` → `released`. */
function pastTenseOf(verb: string): string {
  return verb.endsWith("e") ? `${verb}d` : `${verb}ed`;
}

function referencesNamed(catalogue: QueryCatalogue, names: string[]): PropertyRef[] {
  const references = allReferences(catalogue.tables);
  for (const name of names) {
    const found = references.filter((ref) => ref.column.property.toLowerCase() === name);
    if (found.length > 0) return found;
  }
  // No property of the word's own name: one compound holding it ("days" → `transit_days`).
  for (const name of names) {
    const found = references.filter((ref) => propertyCarriesQuantity(ref.column.property, name));
    if (new Set(found.map((ref) => ref.column.property)).size === 1) return found;
  }
  return [];
}

/**
 * The properties the question names: by their own names, by synonyms ("publication year",
 * "类型" → genre / category / label) and by money words ("spends", "金额" → `total`).
 */
export function findPropertyMentions(input: {
  question: string;
  catalogue: QueryCatalogue;
}): MentionCandidate[] {
  const { question, catalogue } = input;
  const found: MentionCandidate[] = [];
  const add = (
    spans: { start: number; end: number }[],
    refs: PropertyRef[],
    money = false,
    impliesSum = false,
    rank = 3,
  ) => {
    if (refs.length === 0) return;
    for (const { start, end } of spans) {
      const surface = question.slice(start, end);
      found.push({
        kind: "property",
        start,
        end,
        surface,
        candidates: refs,
        money,
        impliesSum,
        rank,
      });
    }
  };
  const phrase = (word: string) => findPhrase({ text: question, phrase: word });
  const pattern = (expression: RegExp) => findPattern(question.toLowerCase(), expression);
  const byName = new Map<string, PropertyRef[]>();
  for (const ref of allReferences(catalogue.tables)) {
    const name = ref.column.property.toLowerCase();
    if (ignoredPropertyName.test(name) || name.length < 2) continue;
    byName.set(name, [...(byName.get(name) ?? []), ref]);
  }
  for (const [name, refs] of byName) {
    for (const form of nameForms(name)) add(phrase(form), refs);
    for (const form of mixedLanguageForms(name)) add(phrase(form), refs);
  }
  // `tenure_years`, `price_usd`: a question names the quantity without its unit ("tenure").
  const heads = new Map<string, PropertyRef[]>();
  for (const [name, refs] of byName) {
    const head = unitlessHead(name);
    if (head && !byName.has(head)) heads.set(head, [...(heads.get(head) ?? []), ...refs]);
  }
  for (const [head, refs] of heads) {
    for (const form of nameForms(head)) add(phrase(form), refs, false, false, 1);
    // `start_year`, `release_date`: "started in 2020", "released after 2000" name the
    // quantity by the verb of its head.
    if (/^[a-z]+$/.test(head)) add(phrase(pastTenseOf(head)), refs, false, false, 1);
  }
  for (const { pattern: words, names, sum } of englishPropertyWords)
    add(pattern(words), referencesNamed(catalogue, names), false, sum);
  for (const [word, names] of Object.entries(chineseQuantityWords))
    add(phrase(word), referencesNamed(catalogue, names), false, true);
  for (const [word, names] of Object.entries(chinesePropertyWords))
    add(phrase(word), referencesNamed(catalogue, names));
  const money = allReferences(catalogue.tables).filter(
    (ref) => ref.column.kind === "number" && moneyPropertyNames.test(ref.column.property),
  );
  for (const span of pattern(englishMoneyWords))
    add([span], money, true, summingMoneyWord.test(span.match[0]));
  for (const [word, { sum }] of Object.entries(chineseMoneyWords))
    add(phrase(word), money, true, sum);
  return found;
}
