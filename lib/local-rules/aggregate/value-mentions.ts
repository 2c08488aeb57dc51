import { otherNamesOf } from "../reading/place-names";
import { findPattern, findPhrase } from "./find-phrase";
import { allReferences, type MentionCandidate, type ValueCandidate } from "./mention";
import type { QueryCatalogue } from "./query-catalogue";

// Words that are grammar, never a value: after "label", or as a listed value ("no").
const notAValue = new Set(
  "the a an of is are was were has have had with that which what and or in on for by to from most least per each do does did count number value values".split(
    " ",
  ),
);

// "the label c3", "标签为 c3": a label's values are not listed, so the word after it names one.
const labelPattern =
  /(?:\blabel(?:s|led|ed)?|标签|类别)\s*(?:is\s+|=\s*|:\s*|：\s*|of\s+|as\s+|为\s*|是\s*)?["'“‘]?([A-Za-z0-9][A-Za-z0-9_.-]*)/gi;

// "the training split" names the value `train`: a lowercase word value may carry an ending.
function inflectedSpans(question: string, value: string): { start: number; end: number }[] {
  if (!/^[a-z]{4,}$/.test(value)) return [];
  // "factory" → "factories": a consonant and y takes -ies.
  const forms = /[^aeiou]y$/.test(value)
    ? `(?:${value}(?:s|es|ed|ing)|${value.slice(0, -1)}ies)`
    : `${value}(?:s|es|ed|ing)`;
  return findPattern(question.toLowerCase(), new RegExp(`\\b${forms}\\b`, "g")).map(
    ({ start, end }) => ({ start, end }),
  );
}

// "欧洲港口", "European ports": a value said by its Chinese name or its adjective.
function otherNameSpans(question: string, value: string): { start: number; end: number }[] {
  const { chinese, adjectives } = otherNamesOf(value);
  return [
    // "中国籍演员": the 籍 of nationality belongs to the value, not to the word 国籍.
    ...chinese.flatMap((name) =>
      findPhrase({ text: question, phrase: name, caseSensitive: true }).map(({ start, end }) => ({
        start,
        end: question[end] === "籍" ? end + 1 : end,
      })),
    ),
    ...adjectives.flatMap((name) =>
      findPhrase({ text: question, phrase: name, caseSensitive: false }),
    ),
  ];
}

/** The property values the question names: listed values of the schema, and label values. */
export function findValueMentions(input: {
  question: string;
  catalogue: QueryCatalogue;
}): MentionCandidate[] {
  const { question, catalogue } = input;
  const references = allReferences(catalogue.tables);
  const byValue = new Map<
    string,
    { spans: { start: number; end: number }[]; values: ValueCandidate[] }
  >();
  for (const ref of references) {
    for (const value of ref.column.values) {
      if (typeof value !== "string") continue;
      const text = value.trim();
      if (text.length < 2 || notAValue.has(text.toLowerCase())) continue;
      // Short codes ("NO", "IT") are ordinary words in another case.
      const caseSensitive = text.length <= 3;
      const spans = [
        ...findPhrase({ text: question, phrase: text, caseSensitive }),
        ...inflectedSpans(question, text),
        ...otherNameSpans(question, text),
      ];
      if (spans.length === 0) continue;
      const key = caseSensitive ? `=${text}` : `~${text.toLowerCase()}`;
      const entry = byValue.get(key) ?? { spans, values: [] };
      entry.values.push({ ref, value, caseInsensitive: false });
      byValue.set(key, entry);
    }
  }
  const found: MentionCandidate[] = [];
  for (const { spans, values } of byValue.values()) {
    for (const { start, end } of spans) {
      found.push({
        kind: "value",
        start,
        end,
        surface: question.slice(start, end),
        candidates: values,
        rank: 2,
      });
    }
  }
  const labelColumns = references.filter((ref) => ref.column.property.toLowerCase() === "label");
  if (labelColumns.length === 0) return found;
  for (const { match } of findPattern(question, labelPattern)) {
    const token = match[1].replace(/[.]+$/, "");
    if (notAValue.has(token.toLowerCase())) continue;
    const start = match.index + match[0].lastIndexOf(match[1]);
    const values = labelColumns.map((ref) => {
      const listed = ref.column.values.find(
        (value) => typeof value === "string" && value.toLowerCase() === token.toLowerCase(),
      );
      return { ref, value: listed ?? token, caseInsensitive: listed === undefined };
    });
    found.push({
      kind: "value",
      start,
      end: start + token.length,
      surface: token,
      candidates: values,
      rank: 2,
    });
  }
  return found;
}
