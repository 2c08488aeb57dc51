import { nameForms, singularOf } from "./english-forms";
import { findPattern, findPhrase } from "./find-phrase";
import type { MentionCandidate, TypeMention } from "./mention";
import type { CatalogueTable, QueryCatalogue } from "./query-catalogue";
import { chineseTypeSynonyms } from "./schema-synonyms";
import {
  chineseActionWords,
  chineseTypeWords,
  englishActionWords,
  genericChineseNouns,
  genericEnglishNouns,
} from "./type-words";

const ranks = { named: 3, generic: 2, action: 1 };

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

/**
 * The tables the question names: by their names (singular, plural, Chinese), by a generic noun
 * when the graph has one node type ("members", "论文"), or by a verb ("borrowed" → loans).
 */
export function findTableMentions(input: {
  question: string;
  catalogue: QueryCatalogue;
}): MentionCandidate[] {
  const { question, catalogue } = input;
  const found: MentionCandidate[] = [];
  const add = (
    spans: { start: number; end: number }[],
    table: CatalogueTable | null,
    strength: TypeMention["strength"],
  ) => {
    if (!table) return;
    for (const { start, end } of spans) {
      found.push({
        kind: "type",
        start,
        end,
        surface: question.slice(start, end),
        table,
        strength,
        rank: ranks[strength],
      });
    }
  };
  const phrase = (word: string) => findPhrase({ text: question, phrase: word });
  const pattern = (expression: RegExp) => findPattern(question.toLowerCase(), expression);
  for (const table of nameableTables(catalogue)) {
    for (const form of nameForms(table.type)) add(phrase(form), table, "named");
  }
  // Place and transport words ("山峰", "港口") name a table only when the schema has one by
  // that name; unlike the business words they never name a CSV graph's only type generically.
  for (const [word, stems] of Object.entries({ ...chineseTypeWords, ...chineseTypeSynonyms }))
    add(phrase(word), tableForStems(catalogue, stems), "named");
  const nodeTables = catalogue.tables.filter((table) => table.kind === "node");
  if (nodeTables.length === 1) {
    const words = [
      ...genericEnglishNouns.flatMap((noun) => nameForms(noun)),
      ...genericChineseNouns,
    ];
    for (const word of words) add(phrase(word), nodeTables[0], "generic");
    // A CSV graph's `default` type says nothing: any word for a kind of thing ("员工",
    // "researchers") names its only node type, unless it names some other table.
    if (nodeTables[0].type === "default") {
      for (const [word, stems] of Object.entries(chineseTypeWords)) {
        if (tableForStems(catalogue, stems)) continue;
        add(phrase(word), nodeTables[0], "generic");
        for (const stem of stems)
          for (const form of nameForms(stem)) add(phrase(form), nodeTables[0], "generic");
      }
      // Place and transport words ("ports", "港口") name it too, unless the table has a column
      // or a value by that word ("tier = factory", a `city` column).
      const own = new Set(
        nodeTables[0].columns.flatMap((column) => [
          singularOf(column.property.toLowerCase()),
          ...column.values.flatMap((value) =>
            typeof value === "string" ? [singularOf(value.toLowerCase())] : [],
          ),
        ]),
      );
      for (const [word, stems] of Object.entries(chineseTypeSynonyms)) {
        if (tableForStems(catalogue, stems) || stems.some((stem) => own.has(stem))) continue;
        add(phrase(word), nodeTables[0], "generic");
        for (const stem of stems)
          for (const form of nameForms(stem)) add(phrase(form), nodeTables[0], "generic");
      }
    }
  }
  for (const { pattern: verbs, stems } of englishActionWords)
    add(pattern(verbs), tableForStems(catalogue, stems), "action");
  for (const [word, stems] of Object.entries(chineseActionWords))
    add(phrase(word), tableForStems(catalogue, stems), "action");
  return found;
}
