import type { AggregateFilter, AggregateGroup } from "./aggregate-intent";
import { isNodeIdColumn } from "./entity-mentions";
import { findJoinRoute, type JoinRoute } from "./join-routes";
import type { Mention, PropertyMention, PropertyRef, ValueMention } from "./mention";
import type { NumberCondition } from "./number-conditions";
import type { CatalogueTable, QueryCatalogue } from "./query-catalogue";

type Context = {
  catalogue: QueryCatalogue;
  rows: CatalogueTable;
  group: AggregateGroup | null;
  allowLinks: boolean;
  mentions: Mention[];
};

type Placed = { ref: PropertyRef; route: JoinRoute; onGroup: boolean };

// Columns that identify rows rather than describe them: never a figure to compare.
const identifierColumn = /^(?:id|property_id|.*_id)$/i;
const timeColumn = /year|date|published/i;

function place(context: Context, ref: PropertyRef): Placed | null {
  const { group } = context;
  if (group?.kind === "entity" && ref.table === group.table && ref.table !== context.rows) {
    return { ref, route: { steps: [], fansOut: false }, onGroup: true };
  }
  const route = findJoinRoute({
    catalogue: context.catalogue,
    from: context.rows.key,
    to: ref.table.key,
    allowLinks: context.allowLinks,
  });
  if (route && linkedToo(context, ref)) return null;
  return route ? { ref, route, onGroup: false } : null;
}

// "How many projects did X take part in?" when projects hold a key to their lead and a link
// table lists their members: the projects X leads or the ones X is a member of is a guess
// (X named by its id or by its name).
function linkedToo(context: Context, ref: PropertyRef): boolean {
  if (!context.allowLinks) return false;
  if (!isNodeIdColumn(ref.column) && !/^(?:name|title|label)$/i.test(ref.column.property))
    return false;
  return context.catalogue.links.some(
    (step) => step.from === context.rows.key && step.to === ref.table.key,
  );
}

function namedElsewhere(context: Context, ref: PropertyRef): boolean {
  return context.mentions.some(
    (mention) =>
      mention.kind === "property" &&
      mention.candidates.some((other) => other.column === ref.column),
  );
}

// "Which Finance employee is on the most projects?": a value written right before the group's
// own word describes the group's nodes, so the filter reaches its table through the group,
// never along another route from the measured rows (the projects of Finance).
function modifiesGroup(context: Context, mention: ValueMention): boolean {
  const { group } = context;
  if (group?.kind !== "entity") return false;
  return context.mentions.some(
    (other) =>
      other.kind === "type" &&
      other.table === group.table &&
      other.start >= mention.end &&
      other.start - mention.end <= 1,
  );
}

function describedTable(context: Context, mention: ValueMention): CatalogueTable | null {
  const next = context.mentions.find(
    (other) =>
      other.kind === "type" && other.start >= mention.end && other.start - mention.end <= 2,
  );
  return next?.kind === "type" ? next.table : null;
}

function placeThroughGroup(context: Context, ref: PropertyRef): Placed | null {
  const { group } = context;
  if (group?.kind !== "entity") return null;
  const onward = findJoinRoute({
    catalogue: context.catalogue,
    from: group.table.key,
    to: ref.table.key,
    allowLinks: false,
  });
  if (!onward || onward.steps.length === 0) return null;
  const steps = [...group.route.steps, ...onward.steps];
  return { ref, route: { steps, fansOut: group.route.fansOut }, onGroup: false };
}

/** The filter a value mention sets ("the Officer club" → club = 'Officer'), or null if unsure. */
export function filterOfValue(context: Context, mention: ValueMention): AggregateFilter | null {
  const throughGroup = modifiesGroup(context, mention);
  let options = mention.candidates
    .map((candidate) => ({
      candidate,
      placed:
        (throughGroup ? placeThroughGroup(context, candidate.ref) : null) ??
        place(context, candidate.ref),
    }))
    .filter((option) => option.placed !== null);
  const { group } = context;
  // A value of the grouped property ("Lyon" when grouping by city) compares groups: not planned.
  if (
    group?.kind === "property" &&
    options.some((option) => option.candidate.ref.column === group.ref.column)
  ) {
    return null;
  }
  if (options.length > 1) {
    // "Chinese actors": the noun right after the value says whose property it is.
    const described = describedTable(context, mention);
    const own = options.filter((option) => option.candidate.ref.table === described);
    if (own.length > 0) options = own;
  }
  if (options.length > 1)
    options = options.filter((option) => namedElsewhere(context, option.candidate.ref));
  if (options.length !== 1) return null;
  const [{ candidate, placed }] = options;
  if (!placed) return null;
  // A node filtering its own table leaves one row: "how many people did m06 refer" is m06's
  // links, not the people whose id is m06. A named node filters rows that reach it.
  if (isNodeIdColumn(candidate.ref.column) && (placed.onGroup || placed.route.steps.length === 0))
    return null;
  return {
    ref: placed.ref,
    route: placed.route,
    onGroup: placed.onGroup,
    operator: "=",
    value: candidate.value,
    caseInsensitive: candidate.caseInsensitive,
    ...(candidate.shown ? { shown: candidate.shown } : {}),
  };
}

/**
 * The filter a figure sets ("over 100", "2000年以后"): on the property named just before it,
 * else on the one numeric column of the measured rows whose range holds the figure (a year
 * column when the words speak of time).
 */
export function filterOfNumber(
  context: Context,
  condition: NumberCondition,
  property: PropertyMention | null,
): AggregateFilter | null {
  let refs: PropertyRef[];
  if (property) {
    refs = property.candidates.filter((ref) => ref.column.kind === "number");
  } else {
    const own = [context.rows, ...(context.group?.kind === "entity" ? [context.group.table] : [])];
    refs = own.flatMap((table) =>
      table.columns
        .filter((column) => column.kind === "number" && !identifierColumn.test(column.column))
        .map((column) => ({ table, column })),
    );
    const timed = refs.filter((ref) => timeColumn.test(ref.column.property));
    // "after 2030" may lie beyond the data; a figure without such words must fit a range.
    if (condition.temporal && timed.length > 0) refs = timed;
    else
      refs = refs.filter(
        (ref) =>
          (ref.column.min === undefined || condition.value >= ref.column.min) &&
          (ref.column.max === undefined || condition.value <= ref.column.max),
      );
  }
  const placed = refs
    .map((ref) => place(context, ref))
    .filter((option): option is Placed => option !== null);
  if (placed.length !== 1) return null;
  return {
    ref: placed[0].ref,
    route: placed[0].route,
    onGroup: placed[0].onGroup,
    operator: condition.operator,
    value: condition.value,
    caseInsensitive: false,
  };
}
