import type { GraphSchemaView } from "./graph-schema";
import { namedNodeTypes } from "./question-scope";
import { roleNoun } from "./role-words";

// A link between two nodes of the same kind that a foreign key records (`employees.manager_id`:
// the employee → their manager) has a fixed direction, so "Whose manager is X?" (the links
// that end at X) and "Who does X report to?" (the one that leaves X) ask opposite things. The
// question names such a link by the role of the row the key points at ("manager", "mentor"),
// by the role of the rows that point ("direct reports", "下属") or by a verb of the role
// ("report to", "manage"); the schema says which edge type holds it, by its name or column.

/** The role at the end a link points at, in the question's words: the manager. */
const superiorNoun =
  /\b(?:line\s+)?managers?\b|\bboss(?:es)?\b|\bsupervisors?\b|\bsuperiors?\b|\bteam\s+leads?\b|\bteam\s+leaders?\b|\bhead\s+of\s+team\b|直属上级|直接上级|上级|上司|经理|主管|领导|老板/i;

/** The role at the end it starts from: the direct reports. */
const inferiorNoun =
  /\b(?:direct\s+)?reports\b(?!\s+to)|\bdirect\s+report\b|\bsubordinates?\b|\bunderlings?\b|\breportees?\b|\bsupervisees?\b|直接下属|直属下属|直属员工|下属|手下|部下|下级/i;

/** "reports to": the subject's link points at the object. */
const reportVerb =
  /\breport(?:s|ed|ing)?\s+(?:directly\s+)?(?:in\s+)?to\b|\banswer(?:s|ed)?\s+to\b|汇报/i;

/** "manages": the object's link points at the subject. */
const manageVerb =
  /\b(?:manag(?:e|es|ed|ing)|supervis(?:e|es|ed|ing)|oversee(?:s|n)?|oversaw)\b|管理|管辖|带领|负责管理/i;

/** The edge type names of a manager-like link ("manager_id", "reports_to", "supervisor"). */
const superiorColumn = /manager|mgr|boss|supervis|superior|report|lead|head/i;

/**
 * Whether the question names the rows that point at a manager-like role ("direct reports",
 * "manages", "report to"): a ranking by them counts the links that end at each node.
 */
export function namesReports(question: string): boolean {
  return inferiorNoun.test(question) || manageVerb.test(question) || reportVerb.test(question);
}

/** Whether the question names a role of a directed same-kind link (read before the schema). */
export function mentionsRole(question: string): boolean {
  return (
    superiorNoun.test(question) ||
    inferiorNoun.test(question) ||
    reportVerb.test(question) ||
    manageVerb.test(question)
  );
}

/**
 * Whether the question asks for the node at the other end of a role, whatever the role's word
 * (the schema's columns say which roles exist): "Whose mentor is X?", "Who is X's mentor?",
 * "Who is the mentor of X?", "Who has X as their mentor?", "X 的导师是谁？", "哪些医生的导师是
 * X？", "X 是谁的导师？".
 */
export function asksForRole(question: string, node: string): boolean {
  const name = escapeRegExp(node);
  const role = "[A-Za-z][\\w-]*(?:\\s+[A-Za-z][\\w-]*)?";
  const chineseRole = "[\\u4e00-\\u9fff]{1,5}";
  const shapes = [
    `^\\s*whose\\s+${role}\\s+(?:is|was|are|were)\\s+(?:the\\s+)?${name}`,
    `^\\s*(?:who|which\\s+\\w+)\\s+(?:is|was|are|were)\\s+${name}(?:'s|’s)\\s+${role}\\s*[?？.]?\\s*$`,
    `^\\s*(?:who|which\\s+\\w+)\\s+(?:is|was|are|were)\\s+the\\s+${role}\\s+of\\s+${name}\\s*[?？.]?\\s*$`,
    `^\\s*(?:who|which\\s+\\w+)\\s+(?:has|have|had)\\s+${name}\\s+as\\s+(?:their|his|her|its|a|the)\\s+${role}`,
    `${name}\\s*的\\s*${chineseRole}?\\s*(?:是谁|是哪位|是哪个|是哪些|有哪些|有谁|都有谁)`,
    `(?:谁|哪些|哪个|哪位|哪几位)${chineseRole}?的\\s*${chineseRole}\\s*(?:是|为)\\s*${name}`,
    `${name}\\s*(?:是|为)\\s*(?:谁|哪些|哪几位|哪位)\\S{0,4}的\\s*${chineseRole}`,
  ];
  return shapes.some((shape) => new RegExp(shape, "i").test(question));
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The links of a role the question names, and which way they run at the named node. */
export type RoleLink = { edgeType: string; direction: "in" | "out" };

/**
 * With the role's noun, the node is the role's holder ("whose manager is X", "X is the
 * manager of …", "X as their manager", "谁的经理是 X"): the links end at it. Otherwise the role
 * is the node's ("X's manager", "the manager of X", "X 的经理"): its own link leaves it.
 */
function byRoleNoun(input: { before: string; after: string; noun: RegExp }): "in" | "out" {
  const { before, after, noun } = input;
  const nounSource = noun.source;
  const holderBefore = new RegExp(
    `(?:${nounSource})\\s*(?:is|was|are|were|=|是|为)\\s*(?:the\\s+)?$|\\bas\\s+(?:their|his|her|its|the|a)?\\s*(?:${nounSource})\\s*$|以\\s*$`,
    "i",
  );
  const holderAfter = new RegExp(
    `^\\s*(?:is|was|are|were)\\s+(?:the\\s+|a\\s+)?(?:${nounSource})\\s+(?:of|for|to)\\b|^\\s*as\\s+(?:their|his|her|its|the|a)?\\s*(?:${nounSource})|^\\s*(?:是|为)\\s*(?:谁|哪些人|哪几个人|哪些员工|哪几位)?\\s*的?\\s*(?:${nounSource})|^\\s*(?:is|was)\\s+(?:their|his|her)\\s+(?:${nounSource})`,
    "i",
  );
  return holderBefore.test(before) || holderAfter.test(after) ? "in" : "out";
}

/** The direction at the node of a manager-like link the question names, or null. */
function superiorDirection(before: string, after: string): "in" | "out" | null {
  const question = `${before} ${after}`;
  if (inferiorNoun.test(question)) {
    // "Whose direct report is X?": X's own link.
    return /\bwhose\s+(?:direct\s+)?(?:report|subordinate)s?\s+(?:is|was)\s*$/i.test(before)
      ? "out"
      : "in";
  }
  if (reportVerb.test(question)) {
    // "reports to X", "向 X 汇报": the links end at X; "X reports to", "X 向谁汇报": X's own.
    if (reportVerb.test(before) || /向\s*$/.test(before)) return "in";
    return "out";
  }
  if (superiorNoun.test(question)) return byRoleNoun({ before, after, noun: superiorNoun });
  if (manageVerb.test(question)) {
    // "managed by X", "被 X 管理", "X manages", "Who does X supervise": the links end at X;
    // "Who manages X", "谁管理 X": X's own link.
    if (/\bby\s+(?:the\s+)?$|被\s*$/i.test(before)) return "in";
    return manageVerb.test(before) ? "out" : "in";
  }
  return null;
}

function nodeAt(question: string, node: string): number {
  const exact = question.indexOf(node);
  return exact >= 0 ? exact : question.search(new RegExp(escapeRegExp(node), "i"));
}

/** The column word of a foreign-key edge type (`employees.mentor_id` → "mentor"), or null. */
function roleWord(edgeType: string): string | null {
  const column = edgeType.includes(".") ? edgeType.split(".").at(-1) : null;
  if (!column) return null;
  const word = column
    .replace(/_(?:id|fk|key|ref)$/i, "")
    .replace(/_/g, " ")
    .trim();
  return word.length >= 3 && !/\bby\b/i.test(word) ? word : null;
}

/**
 * The same-kind link a question names by its role, and its direction at the named node: the
 * edge type whose name holds the role (a manager-like word for "manager", "report to",
 * "direct reports", "下属"; else the column word itself, "mentor" for `mentor_id`). Null when
 * the question names no role or another kind of node ("Which projects does X manage?"), or the
 * schema holds no such link (or more than one).
 */
export function readRoleLink(input: {
  question: string;
  node: string;
  schema: GraphSchemaView;
  nodeType?: string;
}): RoleLink | null {
  const { question, node, schema, nodeType } = input;
  const at = nodeAt(question, node);
  if (at < 0) return null;
  const before = question.slice(0, at);
  const after = question.slice(at + node.length);
  const sameKind = schema.edge_types.filter(
    (type) =>
      type.from.length > 0 &&
      type.from.every((end) => type.to.includes(end)) &&
      (!nodeType || type.from.includes(nodeType)),
  );
  if (sameKind.length === 0) return null;
  // "Which projects does X manage?": another kind named is not a link between people.
  const sameKindTypes = new Set(sameKind.flatMap((type) => type.from));
  if (namedNodeTypes(question, schema).some((type) => !sameKindTypes.has(type))) return null;
  const superior = superiorDirection(before, after);
  if (superior) {
    const named = sameKind.filter((type) => superiorColumn.test(type.name));
    if (named.length === 1) return { edgeType: named[0].name, direction: superior };
  }
  // "Who is X's mentor?", "Whose mentor is X?": the column's own word.
  const byColumn = sameKind.flatMap((type) => {
    const word = roleWord(type.name);
    if (!word) return [];
    const noun = roleNoun(word);
    return noun.test(question) ? [{ type, noun }] : [];
  });
  if (byColumn.length !== 1) return null;
  const [{ type, noun }] = byColumn;
  return { edgeType: type.name, direction: byRoleNoun({ before, after, noun }) };
}

/**
 * "Who has the most direct reports?", "Who manages the most people?": nodes ranked by the links
 * of a manager-like edge type that end at them. The edge type, or null when the question names
 * no such role or the schema holds no such link (or more than one).
 */
export function readRoleRanking(input: {
  question: string;
  schema: GraphSchemaView;
}): string | null {
  const { question, schema } = input;
  if (!namesReports(question)) return null;
  const named = schema.edge_types.filter(
    (type) =>
      type.from.length > 0 &&
      type.from.every((end) => type.to.includes(end)) &&
      superiorColumn.test(type.name),
  );
  return named.length === 1 ? named[0].name : null;
}
