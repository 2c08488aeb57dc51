import type { WhereCondition } from "@/lib/contracts/tool-inputs/analysis-filters";
import { singularOf } from "../aggregate/english-forms";
import { chineseTypeSynonyms } from "../aggregate/schema-synonyms";
import { chineseTypeWords } from "../aggregate/type-words";
import type { GraphSchemaView } from "./graph-schema";
import { otherNamesOf } from "./place-names";
import { readPropertyConditions } from "./property-conditions";

/** A word without an English plural ending: customers → customer, cities → city. */
export function singular(word: string): string {
  return singularOf(word);
}

// Chinese questions name English tables by meaning: the aggregate grammar's word list, read
// the other way round (English stem → the Chinese words for it).
const chineseWordsByStem = new Map<string, string[]>([
  ["repository", ["仓库", "代码库"]],
  ["developer", ["开发人员", "开发者", "贡献者"]],
  ["team", ["团队"]],
  ["store", ["门店", "商店"]],
  ["factory", ["工厂"]],
  ["warehouse", ["仓库"]],
  ["site", ["站点", "地点"]],
  ["student", ["学生"]],
  ["club", ["社团"]],
]);
for (const [chinese, stems] of Object.entries({ ...chineseTypeWords, ...chineseTypeSynonyms })) {
  for (const stem of stems)
    chineseWordsByStem.set(stem, [...(chineseWordsByStem.get(stem) ?? []), chinese]);
}

/** Where the question first says the English stem in Chinese, or -1. */
function chineseWordPosition(question: string, stem: string): number {
  const positions = (chineseWordsByStem.get(stem) ?? [])
    .map((chineseWord) => question.indexOf(chineseWord))
    .filter((index) => index >= 0);
  return positions.length > 0 ? Math.min(...positions) : -1;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

// Generic type names ("node") would match every question that says "nodes".
const genericTypes = new Set(["node", "vertex", "default", "entity", "item", "record"]);

/** Where in the question a node type is named (-1 when it is not), by name or Chinese word. */
export function typePosition(question: string, type: string): number {
  const base = singular(type.split(/[.:]/).at(-1) ?? type);
  if (base.length < 2 || genericTypes.has(base)) return -1;
  const word = new RegExp(
    `(?<![\\w:])${escapeRegExp(base)}(?:s|es)?(?![\\w:])|(?<![\\w:])${escapeRegExp(type)}(?![\\w:])`,
    "i",
  );
  // "devs" for developers, "repos" for repositories: a plural of the type name's first letters.
  const abbreviation =
    base.length > 5
      ? (question.match(/[A-Za-z]{3,}s\b/g) ?? []).find((candidate) => {
          const stem = candidate.slice(0, -1).toLowerCase();
          return stem.length >= 3 && stem.length < base.length && base.startsWith(stem);
        })
      : undefined;
  const english =
    word.exec(question)?.index ??
    (abbreviation ? question.search(new RegExp(`\\b${abbreviation}\\b`)) : -1);
  const positions = [english, chineseWordPosition(question, base)].filter((index) => index >= 0);
  return positions.length > 0 ? Math.min(...positions) : -1;
}

/** The node types the question names, in the order it names them. */
export function namedNodeTypes(question: string, schema: GraphSchemaView): string[] {
  if (schema.node_types.length < 2) return [];
  return schema.node_types
    .map((type) => ({ name: type.name, at: typePosition(question, type.name) }))
    .filter((entry) => entry.at >= 0)
    .sort((a, b) => a.at - b.at)
    .map((entry) => entry.name);
}

/** A property condition the question states by naming one of the property's values. */
export type NamedValue = { nodeType: string; condition: WhereCondition; at: number };

/**
 * Property values the question names as words ("the Officer club" → club = Officer, "wholesale
 * customers" → segment = wholesale). Only text values listed by the schema count, whole words,
 * case-insensitive; a value that is also a named node id is a node, not a condition.
 */
export function namedValues(input: {
  question: string;
  schema: GraphSchemaView;
  nodeIds?: string[];
}): NamedValue[] {
  const { question, schema } = input;
  const found: NamedValue[] = [];
  const ids = new Set((input.nodeIds ?? []).map((id) => id.toLowerCase()));
  for (const type of schema.node_types) {
    for (const property of type.properties) {
      if (property.kind !== "text" && property.kind !== "mixed") continue;
      for (const value of property.values ?? []) {
        if (typeof value !== "string" || value.trim().length < 2) continue;
        if (ids.has(value.toLowerCase())) continue;
        const pattern = new RegExp(
          `(?<![\\w:])${escapeRegExp(value.trim())}(?:s|es|ing|ed)?(?![\\w:])`,
          /[\u3400-\u9fff]/.test(value) ? "" : "i",
        );
        // A Chinese question names an English value by meaning ("门店" for tier = store, "日本"
        // for Japan); an English one may use its adjective ("Japanese accounts").
        const other = otherNamesOf(value);
        const otherAt = [
          ...other.chinese.map((name) => question.indexOf(name)),
          ...other.adjectives.map(
            (name) => new RegExp(`\\b${escapeRegExp(name)}\\b`, "i").exec(question)?.index ?? -1,
          ),
        ].filter((index) => index >= 0);
        const at =
          pattern.exec(question)?.index ??
          (otherAt.length > 0 ? Math.min(...otherAt) : undefined) ??
          chineseWordPosition(question, singular(value.trim().toLowerCase()));
        if (at < 0) continue;
        found.push({
          nodeType: type.name,
          condition: { property: property.name, op: "eq", value },
          at,
        });
      }
    }
  }
  // The longest value wins where two overlap ("Mr. Hi" over "Hi").
  return found
    .sort((a, b) => String(b.condition.value).length - String(a.condition.value).length)
    .filter(
      (entry, index, all) =>
        !all
          .slice(0, index)
          .some(
            (longer) =>
              entry.at >= longer.at && entry.at < longer.at + String(longer.condition.value).length,
          ),
    )
    .sort((a, b) => a.at - b.at);
}

// "借书次数最多的会员是谁": the type the question asks about is the one next to its question
// word ("which member", "哪位会员", "会员是谁"), not the first one it names.
function subjectFirst(question: string, types: string[]): string[] {
  if (types.length < 2) return types;
  const asked = types.find((type) => {
    const at = typePosition(question, type);
    const before = question.slice(Math.max(0, at - 12), at);
    const after = question.slice(at, at + 16);
    return (
      /\b(?:which|what|whose)\s+(?:\w+\s+)?$|哪(?:个|位|些|一个|本|篇|家|名)?\s*$/i.test(before) ||
      /^\S{1,8}?(?:是谁|是哪|有哪些)/.test(after)
    );
  });
  return asked ? [asked, ...types.filter((type) => type !== asked)] : types;
}

/** The filters a ranking question states: a node type and property conditions. */
export type QuestionScope = {
  nodeType: string | null;
  where: WhereCondition[];
  /** Other node types the question names (what is counted: "appears in the most orders"). */
  otherTypes: string[];
};

/**
 * The scope of a ranking question: the first named node type is what is ranked (the subject),
 * later named types are what it is measured by; named values become `where` conditions on the
 * subject's type (or on the whole graph when it has one type).
 */
export function resolveScope(input: {
  question: string;
  schema: GraphSchemaView;
  nodeIds?: string[];
}): QuestionScope {
  const named = subjectFirst(input.question, namedNodeTypes(input.question, input.schema));
  const values = [
    ...namedValues(input),
    ...readPropertyConditions({ question: input.question, schema: input.schema }),
  ].sort((a, b) => a.at - b.at);
  // "Among the cardiologists, who has treated the most patients?": the kind counted after the
  // superlative is what the subject is measured by; the subject is the kind the values describe.
  const described = values.find((value) => !named.includes(value.nodeType))?.nodeType;
  const types =
    described &&
    named.length > 0 &&
    named.every((type) => countedAfterSuperlative(input.question, type))
      ? [described, ...named]
      : named;
  // A value several kinds list ("district = Colvern" on core and access sites alike) describes
  // nodes of every kind, so no kind is the subject.
  const subject =
    types[0] ??
    (values.length > 0 &&
    input.schema.node_types.length > 1 &&
    !listedByOtherKinds(values[0], input.schema)
      ? values[0].nodeType
      : null);
  const where = values
    .filter((value) => subject === null || value.nodeType === subject)
    .map((value) => value.condition);
  return { nodeType: subject, where, otherTypes: types.slice(1) };
}

/** Whether another kind of node lists the same value of the same property. */
export function listedByOtherKinds(value: NamedValue, schema: GraphSchemaView): boolean {
  const text = String(value.condition.value).toLowerCase();
  return schema.node_types.some(
    (type) =>
      type.name !== value.nodeType &&
      type.properties.some(
        (property) =>
          property.name === value.condition.property &&
          (property.values ?? []).some((listed) => String(listed).toLowerCase() === text),
      ),
  );
}

// "the most patients", "病人最多": a kind named right after (or, in Chinese, before) the
// superlative is the kind counted.
function countedAfterSuperlative(question: string, type: string): boolean {
  const at = typePosition(question, type);
  if (at < 0) return false;
  const before = question.slice(Math.max(0, at - 24), at);
  const after = question.slice(at, at + 12);
  return (
    /\b(?:most|fewest|least|more|fewer|highest number of|largest number of)\s+(?:\w+\s+)?$/i.test(
      before,
    ) || /^\S{1,6}?(?:最多|最少)/.test(after)
  );
}

// Verbs analysts use for what an edge records, mapped to the nouns tables are usually named
// by ("borrowed" → loans, "bought" → orders): a small lexicon, matched against the graph's real
// edge and node type names, never a dataset's fixed names.
const verbNouns: [RegExp, string[]][] = [
  [/\bborrow|\blend|\bloan|借/i, ["loan", "borrow", "lend", "checkout"]],
  [
    /\bbought\b|\bbuy|\bpurchas|\bordered\b|\bsold\b|\bsell|购买|买|下单|订购|销售/i,
    ["order", "purchase", "sale", "transaction"],
  ],
  [/\bwr[io]te\b|\bwritten\b|\bauthor|\bco-?wr|撰写|写|著/i, ["author", "write", "wrote"]],
  [/\bcit(?:e|ed|es|ing|ation)|引用/i, ["cite", "citation", "reference"]],
  [/\brat(?:e|ed|ing)|评分/i, ["rating", "rate"]],
  [/\breview|评论/i, ["review"]],
  [/\bfollow|关注/i, ["follow"]],
  [/\brefer|推荐/i, ["referral", "refer"]],
  [/\bvisit|访问/i, ["visit"]],
  [/\benrol|选课|注册/i, ["enrol", "enroll", "registration"]],
  [/\battend|参加/i, ["attend", "participat"]],
  [
    /\bplay(?:ed|s)? (?:in|for)|\bstar(?:red|s)? in|\bact(?:ed|s)? in|出演/i,
    ["cast", "role", "appear", "play"],
  ],
  [/\bwork(?:ed|s)? (?:at|for|in)|\bemploy|任职|工作/i, ["employ", "work", "staff"]],
];

/**
 * The edge types the question's verb names for a node type ("books borrowed most" → loans):
 * edge types touching that type whose name, or whose other end's type name, holds the noun.
 */
export function edgeTypesNamedByVerb(input: {
  question: string;
  schema: GraphSchemaView;
  nodeType: string;
}): string[] {
  const { question, schema, nodeType } = input;
  const nouns = verbNouns.filter(([verb]) => verb.test(question)).flatMap(([, names]) => names);
  if (nouns.length === 0) return [];
  const touching = schema.edge_types.filter(
    (type) => type.from.includes(nodeType) || type.to.includes(nodeType),
  );
  if (touching.length < 2) return [];
  const holds = (name: string) => nouns.some((noun) => name.toLowerCase().includes(noun));
  return touching
    .filter((type) => {
      const others = [...type.from, ...type.to].filter((other) => other !== nodeType);
      return holds(type.name) || others.some(holds);
    })
    .map((type) => type.name);
}

/** The one edge type a question's verb names in the whole graph ("选课" → enrollments), if one. */
export function edgeTypeNamedByVerb(input: {
  question: string;
  schema: GraphSchemaView;
}): GraphSchemaView["edge_types"][number] | undefined {
  const { question, schema } = input;
  const nouns = verbNouns.filter(([verb]) => verb.test(question)).flatMap(([, names]) => names);
  const named = schema.edge_types.filter((type) =>
    nouns.some((noun) => type.name.toLowerCase().includes(noun)),
  );
  return named.length === 1 ? named[0] : undefined;
}
