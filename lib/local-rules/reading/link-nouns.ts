import { singularOf } from "../aggregate/english-forms";
import { findPattern, findPhrase } from "../aggregate/find-phrase";
import { chineseActionWords, englishActionWords } from "../aggregate/type-words";
import type { GraphSchemaView } from "./graph-schema";
import { membersAsked } from "./member-words";

// A link table is named by its own name ("castings", "the cast" for `casting`) or by the words
// of what its rows are ("roles", "starred in", "角色"); a foreign key's edge (`films.studio_id`)
// has no noun of its own.
function namedLinkTypes(question: string, schema: GraphSchemaView): string[] {
  const text = question.toLowerCase();
  const words = new Set(text.match(/[a-z][a-z-]{2,}/g) ?? []);
  const stems = [
    ...englishActionWords
      .filter(({ pattern }) => findPattern(text, pattern).length > 0)
      .flatMap(({ stems: named }) => named),
    ...Object.entries(chineseActionWords)
      .filter(([word]) => findPhrase({ text: question, phrase: word }).length > 0)
      .flatMap(([, named]) => named),
  ];
  return schema.edge_types
    .filter((type) => !type.name.includes("."))
    .filter((type) => {
      const stem = singularOf(type.name.toLowerCase());
      // "cast" names `casting`: a word the type's name starts with, four letters or more.
      const named = [...words].some(
        (word) => singularOf(word) === stem || (word.length >= 4 && stem.startsWith(word)),
      );
      return named || stems.includes(stem);
    })
    .map((type) => type.name);
}

/**
 * The node types at the far end of the link tables the question names, seen from a node of
 * `subjectType`: "the cast of Night Ferry" lists the actors a film's `casting` rows reach, and
 * "Which films did Priya Sen appear in?" the films an actor's reach.
 */
export function linkEndTypes(input: {
  question: string;
  schema: GraphSchemaView;
  subjectType: string | undefined;
  /** With no link named, every link table counts (the works one shares with a co-star). */
  everyLink?: boolean;
}): string[] {
  const { question, schema, subjectType } = input;
  if (!subjectType) return [];
  const named = namedLinkTypes(question, schema);
  // "Who is in the line-up of Tide Songs?": members of a work with no link noun are the people
  // its link tables reach, never the rows its foreign keys point at.
  const names = new Set(
    named.length > 0 || !(input.everyLink || membersAsked.test(question))
      ? named
      : schema.edge_types.filter((type) => !type.name.includes(".")).map((type) => type.name),
  );
  const ends = new Set<string>();
  for (const type of schema.edge_types) {
    if (!names.has(type.name)) continue;
    if (type.from.includes(subjectType)) for (const end of type.to) ends.add(end);
    if (type.to.includes(subjectType)) for (const end of type.from) ends.add(end);
  }
  ends.delete(subjectType);
  return [...ends];
}

/**
 * Foreign keys the question names by their column ("the sequel links" for `films.sequel_of`,
 * "manager chain" for `employees.manager_id`): the column without its `_of` / `_id` ending.
 */
export function namedKeyTypes(question: string, schema: GraphSchemaView): string[] {
  const text = question.toLowerCase();
  const chineseStems = Object.entries(chineseKeyWords)
    .filter(([word]) => question.includes(word))
    .flatMap(([, stems]) => stems);
  return schema.edge_types
    .filter((type) => type.name.includes("."))
    .filter((type) => {
      const column = type.name.slice(type.name.indexOf(".") + 1).toLowerCase();
      const stem = column.replace(/_(?:of|id|ref|key)$/, "").replace(/_/g, " ");
      if (chineseStems.includes(stem)) return true;
      return stem.length >= 3 && new RegExp(`\\b${stem}(?:s|es)?\\b`).test(text);
    })
    .map((type) => type.name);
}

// Chinese names of the keys a table holds to its own rows (`mentor_id`, `manager_id`,
// `parent_id`), to the column's English stem.
const chineseKeyWords: Record<string, string[]> = {
  导师: ["mentor", "advisor", "supervisor"],
  上级: ["manager", "boss", "supervisor", "reports to"],
  经理: ["manager"],
  父节点: ["parent"],
  上一级: ["parent", "manager"],
  前作: ["sequel", "prequel", "remake"],
};
