import { nameForms, singularOf } from "./english-forms";
import { findPattern, findPhrase } from "./find-phrase";
import {
  chineseMoneyWords,
  chinesePropertyWords,
  chineseQuantityWords,
  englishMoneyWords,
  englishPropertyWords,
  moneyPropertyNames,
} from "./property-words";
import type { CatalogueColumn, CatalogueTable, QueryCatalogue } from "./query-catalogue";
import {
  chineseActionWords,
  chineseTypeWords,
  englishActionWords,
  genericChineseNouns,
  genericEnglishNouns,
} from "./type-words";

/** A column of a table: where a property mentioned in a question lives. */
export type PropertyRef = { table: CatalogueTable; column: CatalogueColumn };

type Span = { start: number; end: number; surface: string };

/** A table named by the question: outright, by a generic noun, or by a verb (`borrowed`). */
export type TypeMention = Span & {
  kind: "type";
  table: CatalogueTable;
  strength: "named" | "generic" | "action";
};

/** A property named by the question, with every column it may be. */
export type PropertyMention = Span & {
  kind: "property";
  candidates: PropertyRef[];
  /** Named by a money word ("spends", "金额"), not by the column's own name. */
  money: boolean;
  /** The word itself asks for a sum ("消费", "总额"). */
  impliesSum: boolean;
};

/** A value of a property the question names (`Officer` of `club`). */
export type ValueCandidate = {
  ref: PropertyRef;
  value: string | boolean;
  caseInsensitive: boolean;
};
export type ValueMention = Span & { kind: "value"; candidates: ValueCandidate[] };

export type Mention = TypeMention | PropertyMention | ValueMention;

// Names that are never a property a question asks about by that word.
const ignoredPropertyName = /^(?:id|.*_id)$/i;

// Tokens after "label" that are grammar, not a label value.
const notALabelValue = new Set(
  "the a an of is are was were has have had with that which what and or in on for by to from most least per each do does did count number value values".split(
    " ",
  ),
);

function allReferences(catalogue: QueryCatalogue): PropertyRef[] {
  return catalogue.tables.flatMap((table) => table.columns.map((column) => ({ table, column })));
}

function referencesNamed(catalogue: QueryCatalogue, names: string[]): PropertyRef[] {
  const references = allReferences(catalogue);
  for (const name of names) {
    const found = references.filter((ref) => ref.column.property.toLowerCase() === name);
    if (found.length > 0) return found;
  }
  return [];
}

function moneyReferences(catalogue: QueryCatalogue): PropertyRef[] {
  return allReferences(catalogue).filter(
    (ref) => ref.column.kind === "number" && moneyPropertyNames.test(ref.column.property),
  );
}

/** Tables a question may name by word: not the foreign-key edge tables nor a CSV `default`. */
function nameableTables(catalogue: QueryCatalogue): CatalogueTable[] {
  return catalogue.tables.filter(
    (table) =>
      table.foreignKeyOwner === null && !table.type.includes(".") && table.type !== "default",
  );
}

function tableForStems(catalogue: QueryCatalogue, stems: string[]): CatalogueTable | null {
  const tables = nameableTables(catalogue);
  for (const stem of stems) {
    const found = tables.find((table) => singularOf(table.type) === stem);
    if (found) return found;
  }
  return null;
}

type Candidate = Mention & { rank: number };

/**
 * Every table, property and value of the schema that the question names, in question order,
 * without overlaps (the longest phrase wins: `客户群` is a segment, not customers).
 */
export function findMentions(input: { question: string; catalogue: QueryCatalogue }): Mention[] {
  const { question, catalogue } = input;
  const candidates: Candidate[] = [];
  const span = (start: number, end: number) => ({
    start,
    end,
    surface: question.slice(start, end),
  });
  const addType = (
    start: number,
    end: number,
    table: CatalogueTable,
    strength: TypeMention["strength"],
  ) =>
    candidates.push({
      kind: "type",
      ...span(start, end),
      table,
      strength,
      rank: strength === "named" ? 3 : strength === "generic" ? 2 : 1,
    });
  const addProperty = (
    start: number,
    end: number,
    refs: PropertyRef[],
    money = false,
    impliesSum = false,
  ) => {
    if (refs.length > 0)
      candidates.push({
        kind: "property",
        ...span(start, end),
        candidates: refs,
        money,
        impliesSum,
        rank: 3,
      });
  };

  for (const table of nameableTables(catalogue)) {
    for (const form of nameForms(table.type)) {
      for (const found of findPhrase({ text: question, phrase: form }))
        addType(found.start, found.end, table, "named");
    }
  }
  for (const [word, stems] of Object.entries(chineseTypeWords)) {
    const table = tableForStems(catalogue, stems);
    if (!table) continue;
    for (const found of findPhrase({ text: question, phrase: word }))
      addType(found.start, found.end, table, "named");
  }
  const nodeTables = catalogue.tables.filter((table) => table.kind === "node");
  if (nodeTables.length === 1) {
    const words = [
      ...genericEnglishNouns.flatMap((noun) => nameForms(noun)),
      ...genericChineseNouns,
    ];
    for (const word of words) {
      for (const found of findPhrase({ text: question, phrase: word }))
        addType(found.start, found.end, nodeTables[0], "generic");
    }
  }
  for (const { pattern, stems } of englishActionWords) {
    const table = tableForStems(catalogue, stems);
    if (!table) continue;
    for (const found of findPattern(question.toLowerCase(), pattern))
      addType(found.start, found.end, table, "action");
  }
  for (const [word, stems] of Object.entries(chineseActionWords)) {
    const table = tableForStems(catalogue, stems);
    if (!table) continue;
    for (const found of findPhrase({ text: question, phrase: word }))
      addType(found.start, found.end, table, "action");
  }

  const byName = new Map<string, PropertyRef[]>();
  for (const ref of allReferences(catalogue)) {
    const name = ref.column.property.toLowerCase();
    if (ignoredPropertyName.test(name) || name.length < 2) continue;
    byName.set(name, [...(byName.get(name) ?? []), ref]);
  }
  for (const [name, refs] of byName) {
    for (const form of nameForms(name)) {
      for (const found of findPhrase({ text: question, phrase: form }))
        addProperty(found.start, found.end, refs);
    }
  }
  for (const { pattern, names } of englishPropertyWords) {
    const refs = referencesNamed(catalogue, names);
    for (const found of findPattern(question.toLowerCase(), pattern))
      addProperty(found.start, found.end, refs);
  }
  for (const [word, names] of Object.entries(chinesePropertyWords)) {
    const refs = referencesNamed(catalogue, names);
    for (const found of findPhrase({ text: question, phrase: word }))
      addProperty(found.start, found.end, refs);
  }
  const money = moneyReferences(catalogue);
  for (const found of findPattern(question.toLowerCase(), englishMoneyWords)) {
    addProperty(
      found.start,
      found.end,
      money,
      true,
      /spen|revenue|sales|turnover|paid|pay/.test(found.match[0]),
    );
  }
  for (const [word, { sum }] of Object.entries(chineseMoneyWords)) {
    for (const found of findPhrase({ text: question, phrase: word }))
      addProperty(found.start, found.end, money, true, sum);
  }

  addValueCandidates({ question, catalogue, candidates });

  candidates.sort(
    (a, b) => b.end - b.start - (a.end - a.start) || b.rank - a.rank || a.start - b.start,
  );
  const accepted: Mention[] = [];
  for (const { rank: _rank, ...candidate } of candidates) {
    if (accepted.some((other) => candidate.start < other.end && other.start < candidate.end))
      continue;
    accepted.push(candidate);
  }
  return accepted.sort((a, b) => a.start - b.start);
}

// "the training split" names the value `train`: a lowercase word value may carry an ending.
function inflectedSpans(question: string, value: string): { start: number; end: number }[] {
  if (!/^[a-z]{4,}$/.test(value)) return [];
  return findPattern(question.toLowerCase(), new RegExp(`\\b${value}(?:s|es|ed|ing)\\b`, "g")).map(
    ({ start, end }) => ({ start, end }),
  );
}

function addValueCandidates(input: {
  question: string;
  catalogue: QueryCatalogue;
  candidates: Candidate[];
}) {
  const { question, catalogue, candidates } = input;
  const byValue = new Map<
    string,
    { spans: { start: number; end: number }[]; values: ValueCandidate[] }
  >();
  for (const ref of allReferences(catalogue)) {
    for (const value of ref.column.values) {
      if (typeof value !== "string") continue;
      const text = value.trim();
      if (text.length < 2 || notALabelValue.has(text.toLowerCase())) continue;
      // Short codes ("NO", "IT") are ordinary words in another case.
      const caseSensitive = text.length <= 3;
      const spans = [
        ...findPhrase({ text: question, phrase: text, caseSensitive }),
        ...inflectedSpans(question, text),
      ];
      if (spans.length === 0) continue;
      const key = `${caseSensitive ? "=" : "~"}${caseSensitive ? text : text.toLowerCase()}`;
      const entry = byValue.get(key) ?? { spans, values: [] };
      entry.values.push({ ref, value, caseInsensitive: false });
      byValue.set(key, entry);
    }
  }
  for (const { spans, values } of byValue.values()) {
    for (const found of spans) {
      candidates.push({
        kind: "value",
        start: found.start,
        end: found.end,
        surface: question.slice(found.start, found.end),
        candidates: values,
        rank: 2,
      });
    }
  }
  // "the label c3", "标签为 c3": a label's values are not listed, so the word after names it.
  const labelColumns = allReferences(catalogue).filter(
    (ref) => ref.column.property.toLowerCase() === "label",
  );
  if (labelColumns.length === 0) return;
  const labelPattern =
    /(?:\blabel(?:s|led|ed)?|标签|类别)\s*(?:is\s+|=\s*|:\s*|：\s*|of\s+|as\s+|为\s*|是\s*)?["'“‘]?([A-Za-z0-9][A-Za-z0-9_.-]*)/gi;
  for (const { match } of findPattern(question, labelPattern)) {
    const token = match[1].replace(/[.]+$/, "");
    if (notALabelValue.has(token.toLowerCase())) continue;
    const start = match.index + match[0].lastIndexOf(match[1]);
    const values = labelColumns.map((ref) => {
      const listed = ref.column.values.find(
        (value) => typeof value === "string" && value.toLowerCase() === token.toLowerCase(),
      );
      return { ref, value: listed ?? token, caseInsensitive: listed === undefined };
    });
    candidates.push({
      kind: "value",
      start,
      end: start + token.length,
      surface: token,
      candidates: values,
      rank: 2,
    });
  }
}
