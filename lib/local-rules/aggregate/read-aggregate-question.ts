import type {
  AggregateFilter,
  AggregateGroup,
  AggregateIntent,
  AggregateMeasure,
} from "./aggregate-intent";
import { mentionsGraphMeasure } from "./graph-measure-words";
import { findGroupChains } from "./group-chain";
import { type GroupTarget, readGroupTarget } from "./group-target";
import { findJoinRoute } from "./join-routes";
import { numericCandidates } from "./measure-target";
import { type MeasureSignals, type RankDirection, readMeasureSignals } from "./measure-words";
import { type NumberCondition, readNumberConditions } from "./number-conditions";
import type { CatalogueTable, QueryCatalogue } from "./query-catalogue";
import {
  findMentions,
  type Mention,
  type PropertyMention,
  type PropertyRef,
} from "./question-mentions";
import { filterOfNumber, filterOfValue } from "./resolve-filters";
import { settleTotals } from "./settle-totals";

type Reading = {
  question: string;
  catalogue: QueryCatalogue;
  mentions: Mention[];
  signals: MeasureSignals;
  sumWords: { start: number; end: number }[];
  groupTarget: GroupTarget | null;
  direction: RankDirection | null;
  used: Set<Mention>;
};

// Words between a property and its comparison: "a total over 100", "year after", "价格大于".
const comparisonGap =
  /^\s*(?:(?:is|was|are|were|of|with|a|an|the|that|which|has|have|had|been)\s+)*(?:的)?\s*$/i;

// Properties that name a node: asking for "the name of the customer who…" is still the entity.
const nameProperty = /^(?:name|title|label)$/i;

/**
 * Reads an aggregate question against a schema: the measure, the rows it runs over, the group,
 * the filters and the direction. Null whenever a part is missing, ambiguous or left unexplained
 * (a word of the question that names a table or property and plays no role, a figure that
 * compares nothing): a wrong query is worse than none.
 */
export function readAggregateQuestion(input: {
  question: string;
  catalogue: QueryCatalogue;
}): AggregateIntent | null {
  const { question, catalogue } = input;
  if (catalogue.tables.length === 0 || mentionsGraphMeasure({ question, catalogue })) return null;
  const signals = readMeasureSignals(question);
  const settled = settleTotals({
    question,
    mentions: findMentions({ question, catalogue }),
    signals,
  });
  const mentions = settled.mentions;
  const values = mentions.filter((mention) => mention.kind === "value");
  const numbers = readNumberConditions({ question, ignore: [...signals.numberWords, ...values] });
  if (numbers.unexplained.length > 0) return null;
  const groupTarget = readGroupTarget(findGroupChains({ question, mentions, signals }));
  if (groupTarget === "invalid") return null;
  const directions = new Set(signals.direction.map((span) => span.direction));
  if (directions.size > 1) return null;
  const direction =
    directions.size === 1 ? [...directions][0] : signals.mostCommon.length > 0 ? "desc" : null;
  // "Which city has customers?" lists, it does not aggregate.
  if (groupTarget && !groupTarget.listsAll && direction === null) return null;
  const reading: Reading = {
    question,
    catalogue,
    mentions,
    signals,
    sumWords: settled.sumWords,
    groupTarget,
    direction: groupTarget ? direction : null,
    used: new Set(groupTarget?.used ?? []),
  };
  const comparisons = new Map<NumberCondition, PropertyMention | null>();
  for (const condition of numbers.conditions) {
    // "more than 5 orders" counts related rows per row: a different query, not planned here.
    const next = mentions.find((mention) => mention.start >= condition.end);
    if (next?.kind === "type" && question.slice(condition.end, next.start).trim() === "")
      return null;
    const property = comparedProperty(reading, condition);
    if (property) reading.used.add(property);
    comparisons.set(condition, property);
  }
  const measured = readMeasure(reading);
  if (!measured) return null;
  const { measure, rows } = measured;
  const allowLinks = measure.kind === "count" && rows.kind === "node";
  const group = placeGroup(reading, rows, measure, allowLinks);
  if (group === "invalid") return null;
  const context = { catalogue, rows, group, allowLinks, mentions };
  const filters: AggregateFilter[] = [];
  for (const value of values) {
    if (value.kind !== "value") continue;
    const filter = filterOfValue(context, value);
    if (!filter) return null;
    filters.push(filter);
    reading.used.add(value);
  }
  for (const [condition, property] of comparisons) {
    const filter = filterOfNumber(context, condition, property);
    if (!filter) return null;
    filters.push(filter);
  }
  // A bare count of a table ("How many orders are there?") is the count family's answer.
  if (measure.kind === "count" && !group && filters.length === 0) return null;
  if (!everyMentionPlays(reading, { measure, rows, group, filters })) return null;
  return {
    measure,
    rows,
    group,
    filters,
    direction: reading.direction,
    top: group && reading.direction ? reading.signals.top : null,
    words: wordsOf(reading, { measure, rows, group }),
  };
}

function comparedProperty(reading: Reading, condition: NumberCondition): PropertyMention | null {
  const before = reading.mentions.filter(
    (mention): mention is PropertyMention =>
      mention.kind === "property" &&
      mention.end <= condition.wordStart &&
      mention.candidates.some((ref) => ref.column.kind === "number"),
  );
  const last = before[before.length - 1];
  if (!last || !comparisonGap.test(reading.question.slice(last.end, condition.wordStart)))
    return null;
  return last;
}

function readMeasure(reading: Reading): { measure: AggregateMeasure; rows: CatalogueTable } | null {
  const { signals, groupTarget, used } = reading;
  const figures = reading.mentions.filter(
    (mention): mention is PropertyMention =>
      mention.kind === "property" &&
      !used.has(mention) &&
      mention.candidates.some((ref) => ref.column.kind === "number"),
  );
  const asksSum =
    reading.sumWords.length > 0 ||
    signals.sum.length > 0 ||
    figures.some((mention) => mention.impliesSum) ||
    (signals.howMuch.length > 0 && figures.some((mention) => mention.money));
  if (signals.average.length > 0 && (reading.sumWords.length > 0 || signals.sum.length > 0))
    return null;
  const aggregate = signals.average.length > 0 ? "average" : asksSum ? "sum" : null;
  if (figures.length === 0 && aggregate === null) return readCount(reading);
  const refs = new Map<string, PropertyRef>();
  for (const figure of figures) {
    const { refs: candidates, qualifier } = numericCandidates({
      question: reading.question,
      mentions: reading.mentions,
      property: figure,
    });
    if (qualifier) used.add(qualifier);
    for (const ref of candidates) refs.set(`${ref.table.key}.${ref.column.column}`, ref);
    used.add(figure);
  }
  let options = [...refs.values()];
  if (options.length > 1 && groupTarget)
    options = options.filter((ref) => reachesGroup(reading, ref.table));
  if (options.length !== 1) return null;
  const [ref] = options;
  const kind = aggregate ?? figureKind(reading, ref);
  return kind ? { measure: { kind, ref }, rows: ref.table } : null;
}

// A figure with no aggregate word: the top node by its own value ("the product with the
// highest price"), or the largest / smallest value over all rows ("the highest order total").
function figureKind(reading: Reading, ref: PropertyRef): "maximum" | "minimum" | null {
  const { groupTarget, signals } = reading;
  if (groupTarget) {
    const own = groupTarget.target.kind === "entity" && groupTarget.target.table === ref.table;
    return own && reading.direction ? "maximum" : null;
  }
  if (signals.maximum.length > 0 && signals.minimum.length === 0) return "maximum";
  if (signals.minimum.length > 0 && signals.maximum.length === 0) return "minimum";
  return null;
}

function reachesGroup(reading: Reading, table: CatalogueTable): boolean {
  const target = reading.groupTarget?.target;
  if (!target) return true;
  const tables =
    target.kind === "entity" ? [target.table] : target.candidates.map((ref) => ref.table);
  return tables.some((to) =>
    findJoinRoute({ catalogue: reading.catalogue, from: table.key, to: to.key, allowLinks: false }),
  );
}

function readCount(reading: Reading): { measure: AggregateMeasure; rows: CatalogueTable } | null {
  const { signals, groupTarget, used, mentions } = reading;
  const counting =
    signals.count.length > 0 ||
    (groupTarget !== null && (reading.direction !== null || groupTarget.listsAll));
  if (!counting) return null;
  const valueTables = new Set(
    mentions.flatMap((mention) =>
      mention.kind === "value" ? mention.candidates.map((candidate) => candidate.ref.table) : [],
    ),
  );
  const free = mentions.filter(
    (mention) => mention.kind === "type" && !used.has(mention) && mention.strength !== "action",
  );
  const tablesOf = (list: Mention[]) => [
    ...new Set(list.flatMap((mention) => (mention.kind === "type" ? [mention.table] : []))),
  ];
  const unscoped = tablesOf(
    free.filter((mention) => mention.kind === "type" && !valueTables.has(mention.table)),
  );
  const scoped = tablesOf(
    free.filter((mention) => mention.kind === "type" && valueTables.has(mention.table)),
  );
  const actions = tablesOf(
    mentions.filter((mention) => mention.kind === "type" && mention.strength === "action"),
  );
  const owners =
    groupTarget?.target.kind === "property"
      ? [...new Set(groupTarget.target.candidates.map((ref) => ref.table))]
      : [];
  const nodeTables = reading.catalogue.tables.filter((table) => table.kind === "node");
  const choice = [unscoped, scoped, actions, owners].find((list) => list.length > 0);
  let rows: CatalogueTable | undefined;
  if (choice) {
    if (choice.length !== 1) return null;
    rows = choice[0];
  } else if (!groupTarget && nodeTables.length === 1) {
    rows = nodeTables[0];
  }
  return rows ? { measure: { kind: "count" }, rows } : null;
}

function placeGroup(
  reading: Reading,
  rows: CatalogueTable,
  measure: AggregateMeasure,
  allowLinks: boolean,
): AggregateGroup | null | "invalid" {
  const target = reading.groupTarget?.target;
  if (!target) return null;
  const route = (to: CatalogueTable) =>
    findJoinRoute({ catalogue: reading.catalogue, from: rows.key, to: to.key, allowLinks });
  if (target.kind === "entity") {
    if (target.table === rows && measure.kind === "count") return "invalid";
    const found = route(target.table);
    return found ? { kind: "entity", table: target.table, route: found } : "invalid";
  }
  const options = target.candidates
    .map((ref) => ({ ref, route: route(ref.table) }))
    .filter((option) => option.route !== null);
  if (options.length !== 1 || !options[0].route) return "invalid";
  return { kind: "property", ref: options[0].ref, route: options[0].route };
}

function everyMentionPlays(
  reading: Reading,
  plan: {
    measure: AggregateMeasure;
    rows: CatalogueTable;
    group: AggregateGroup | null;
    filters: AggregateFilter[];
  },
): boolean {
  const tables = new Set<CatalogueTable>([
    plan.rows,
    ...plan.filters.map((filter) => filter.ref.table),
  ]);
  const columns = new Set(plan.filters.map((filter) => filter.ref.column));
  if (plan.measure.kind !== "count") {
    tables.add(plan.measure.ref.table);
    columns.add(plan.measure.ref.column);
  }
  if (plan.group?.kind === "entity") tables.add(plan.group.table);
  if (plan.group?.kind === "property") {
    tables.add(plan.group.ref.table);
    columns.add(plan.group.ref.column);
  }
  return reading.mentions.every((mention) => {
    if (reading.used.has(mention)) return true;
    if (mention.kind === "type") return mention.strength === "action" || tables.has(mention.table);
    if (mention.kind === "value") return false;
    if (mention.candidates.some((ref) => columns.has(ref.column))) return true;
    // "Name the city with…", "the name of the customer who…": the answer names its groups.
    return plan.group !== null && nameProperty.test(mention.candidates[0]?.column.property ?? "");
  });
}

function wordsOf(
  reading: Reading,
  plan: { measure: AggregateMeasure; rows: CatalogueTable; group: AggregateGroup | null },
): AggregateIntent["words"] {
  const rowsMention = reading.mentions.find(
    (mention) =>
      mention.kind === "type" && mention.table === plan.rows && mention.strength !== "action",
  );
  const figure =
    plan.measure.kind === "count"
      ? undefined
      : reading.mentions.find(
          (mention) =>
            mention.kind === "property" &&
            mention.candidates.some(
              (ref) => plan.measure.kind !== "count" && ref.column === plan.measure.ref.column,
            ),
        );
  const target = reading.groupTarget?.target;
  return {
    rows: rowsMention?.surface ?? plan.rows.type,
    group: target ? target.mention.surface : null,
    property:
      figure?.surface ?? (plan.measure.kind === "count" ? null : plan.measure.ref.column.property),
  };
}
