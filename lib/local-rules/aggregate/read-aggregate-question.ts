import type {
  AggregateFilter,
  AggregateGroup,
  AggregateIntent,
  AggregateMeasure,
} from "./aggregate-intent";
import { readComparisons } from "./compared-figures";
import { chooseCountedRows } from "./counted-rows";
import type { NamedEntity } from "./entity-mentions";
import { mentionsGraphMeasure } from "./graph-measure-words";
import { findGroupChains } from "./group-chain";
import { readGroupTarget } from "./group-target";
import { findJoinRoute } from "./join-routes";
import { numericCandidates } from "./measure-target";
import { readMeasureSignals } from "./measure-words";
import type { PropertyMention, PropertyRef } from "./mention";
import { everyMentionPlays, wordsOf } from "./mention-roles";
import { withPartnerMentions } from "./partner-mentions";
import { settleQuantityWords } from "./quantity-words";
import type { CatalogueTable, QueryCatalogue } from "./query-catalogue";
import { findMentions } from "./question-mentions";
import type { QuestionReading } from "./question-reading";
import { filterOfNumber, filterOfValue } from "./resolve-filters";
import { settleTotals } from "./settle-totals";
import { asksBeyondAggregates } from "./unsupported-wording";

type Measured = { measure: AggregateMeasure; rows: CatalogueTable; averageOverGroups: boolean };

const isFigure = (mention: { kind: string }): mention is PropertyMention =>
  mention.kind === "property";

/**
 * Reads an aggregate question against a schema: the measure, the rows it runs over, the group,
 * the filters and the direction. Null whenever a part is missing, ambiguous or left unexplained
 * (a word of the question that names a table or property and plays no role, a figure that
 * compares nothing): a wrong query is worse than none.
 */
export function readAggregateQuestion(input: {
  question: string;
  catalogue: QueryCatalogue;
  entities?: NamedEntity[];
}): AggregateIntent | null {
  const reading = startReading(input);
  if (!reading) return null;
  const { mentions, signals } = reading;
  const comparisons = readComparisons(reading);
  if (!comparisons) return null;
  const measured = readMeasure(reading);
  if (!measured) return null;
  const { measure, rows, averageOverGroups } = measured;
  // Crossing a link table meets a row once per link: counts only, and for node rows as
  // distinct ids; a filter never crosses one from link-table rows, which have no id.
  const allowLinks = measure.kind === "count";
  const group = placeGroup(reading, rows, measure, allowLinks);
  if (group === "invalid" || (averageOverGroups && (!group || reading.direction))) return null;
  const context = {
    catalogue: reading.catalogue,
    rows,
    group,
    allowLinks: allowLinks && rows.kind === "node",
    mentions,
  };
  const filters: AggregateFilter[] = [];
  for (const value of mentions) {
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
  // "Who spends the most?" ranks something this reading did not find: no total is the answer.
  const ranksNothing = !group && signals.direction.length > 0;
  if (ranksNothing && measure.kind !== "maximum" && measure.kind !== "minimum") return null;
  // A bare count of a table ("How many orders are there?") is the count family's answer.
  if (measure.kind === "count" && !group && filters.length === 0) return null;
  const parts = { measure, rows, group, filters };
  if (!everyMentionPlays(reading, parts)) return null;
  return {
    ...parts,
    direction: reading.direction,
    top: group && reading.direction ? signals.top : null,
    averageOverGroups,
    words: wordsOf(reading, parts),
  };
}

function startReading(input: {
  question: string;
  catalogue: QueryCatalogue;
  entities?: NamedEntity[];
}): QuestionReading | null {
  const { question, catalogue } = input;
  if (catalogue.tables.length === 0) return null;
  const found = withPartnerMentions({
    question,
    catalogue,
    mentions: findMentions({ question, catalogue, entities: input.entities }),
  });
  const namesLinkFigure = found.some(
    (mention) =>
      mention.kind === "property" &&
      mention.candidates.some((ref) => ref.table.kind === "edge" && ref.column.kind === "number"),
  );
  if (mentionsGraphMeasure({ question, catalogue, namesLinkFigure })) return null;
  const signals = settleQuantityWords({
    question,
    mentions: found,
    signals: readMeasureSignals(question),
  });
  if (asksBeyondAggregates({ question, mentions: found, ignore: signals.numberWords })) return null;
  const settled = settleTotals({ question, mentions: found, signals });
  const groupTarget = readGroupTarget(
    findGroupChains({ question, mentions: settled.mentions, signals }),
  );
  if (groupTarget === "invalid") return null;
  const directions = new Set(signals.direction.map((span) => span.direction));
  if (directions.size > 1) return null;
  const direction =
    directions.size === 1 ? [...directions][0] : signals.mostCommon.length > 0 ? "desc" : null;
  // "Which city has customers?" lists, it does not aggregate.
  if (groupTarget && !groupTarget.listsAll && direction === null) return null;
  return {
    question,
    catalogue,
    mentions: settled.mentions,
    signals,
    sumWords: settled.sumWords,
    groupTarget,
    direction: groupTarget ? direction : null,
    used: new Set(groupTarget?.used ?? []),
  };
}

function readMeasure(reading: QuestionReading): Measured | null {
  const { signals, groupTarget, used } = reading;
  const figures = reading.mentions.filter(
    (mention): mention is PropertyMention =>
      isFigure(mention) &&
      !used.has(mention) &&
      mention.candidates.some((ref) => ref.column.kind === "number"),
  );
  const averaging = signals.average.length > 0;
  const asksSum =
    reading.sumWords.length > 0 ||
    signals.sum.length > 0 ||
    figures.some((mention) => mention.impliesSum) ||
    (signals.overall.length > 0 && signals.count.length > 0) ||
    // "the most lines in total": a figure "in total" is summed.
    (signals.overall.length > 0 && figures.length > 0) ||
    (signals.howMuch.length > 0 && figures.some((mention) => mention.money));
  if (averaging && (reading.sumWords.length > 0 || signals.sum.length > 0)) return null;
  if (figures.length === 0) {
    // "average number of loans per member", "平均每位会员借了几次书": a mean of counts.
    const averageOverGroups = averaging && signals.count.length > 0;
    if ((averaging || asksSum) && !averageOverGroups) return null;
    return readCount(reading, averageOverGroups);
  }
  const aggregate = averaging ? "average" : asksSum ? "sum" : null;
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
  return kind ? { measure: { kind, ref }, rows: ref.table, averageOverGroups: false } : null;
}

// A figure with no aggregate word: the top node by its own value ("the product with the
// highest price"), or the largest / smallest value over all rows ("the highest order total").
function figureKind(
  reading: QuestionReading,
  ref: PropertyRef,
): "maximum" | "minimum" | "sum" | null {
  const { groupTarget, signals } = reading;
  if (groupTarget) {
    const own = groupTarget.target.kind === "entity" && groupTarget.target.table === ref.table;
    if (own) return reading.direction ? "maximum" : null;
    // "Which developer committed the most lines?": a figure of the rows that reach each group,
    // ranked by "most" or "fewest", is their sum ("the highest price" stays a single value).
    const amount = signals.direction.some((span) =>
      /^(?:most|least|fewest|最多|最少)$/i.test(reading.question.slice(span.start, span.end)),
    );
    return amount && reading.direction ? "sum" : null;
  }
  if (signals.maximum.length > 0 && signals.minimum.length === 0) return "maximum";
  if (signals.minimum.length > 0 && signals.maximum.length === 0) return "minimum";
  return null;
}

function reachesGroup(reading: QuestionReading, table: CatalogueTable): boolean {
  const target = reading.groupTarget?.target;
  if (!target) return true;
  const tables =
    target.kind === "entity" ? [target.table] : target.candidates.map((ref) => ref.table);
  return tables.some((to) =>
    findJoinRoute({ catalogue: reading.catalogue, from: table.key, to: to.key, allowLinks: false }),
  );
}

function readCount(reading: QuestionReading, averageOverGroups: boolean): Measured | null {
  const { signals, groupTarget } = reading;
  const counting =
    signals.count.length > 0 ||
    (groupTarget !== null && (reading.direction !== null || groupTarget.listsAll));
  if (!counting) return null;
  const rows = chooseCountedRows(reading);
  return rows ? { measure: { kind: "count" }, rows, averageOverGroups } : null;
}

function placeGroup(
  reading: QuestionReading,
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
    // "the average number of papers per researcher": each researcher's own value, averaged
    // over them all, is one figure; ranking them ("which researcher has…") keeps the group.
    if (target.table === rows && !reading.direction) return null;
    const found = route(target.table);
    return found ? { kind: "entity", table: target.table, route: found } : "invalid";
  }
  const options = target.candidates
    .map((ref) => ({ ref, route: route(ref.table) }))
    .filter((option) => option.route !== null);
  if (options.length !== 1 || !options[0].route) return "invalid";
  return { kind: "property", ref: options[0].ref, route: options[0].route };
}
