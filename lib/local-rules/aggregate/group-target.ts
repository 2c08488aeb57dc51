import type { GroupChain } from "./group-chain";
import type { Mention, PropertyMention, PropertyRef, TypeMention } from "./mention";
import { moneyPropertyNames } from "./property-words";
import type { CatalogueColumn, CatalogueTable } from "./query-catalogue";

/** What a group phrase names, before the measured rows say how to reach it. */
export type GroupTarget = {
  target:
    | { kind: "property"; candidates: PropertyRef[]; mention: PropertyMention }
    | { kind: "entity"; table: CatalogueTable; mention: TypeMention };
  /** The mentions the phrase consumed (the property and the table that qualifies it). */
  used: Mention[];
  /** True when only "per" / "每个" named the group: every group is listed. */
  listsAll: boolean;
};

// A group needs few distinct values: cities, genres, years. Order totals are all different,
// so "what total…" is a measure, not a grouping.
const maxGroupValues = 100;

/** Whether a column can name groups. */
export function isGroupable(column: CatalogueColumn): boolean {
  if (column.kind !== "number") return true;
  const distinct = column.distinct ?? Number.POSITIVE_INFINITY;
  const present = column.present ?? distinct;
  return distinct <= maxGroupValues && distinct <= present * 0.8;
}

function ownFigure(before: Mention | undefined, mention: PropertyMention): boolean {
  return (
    before?.kind === "type" &&
    mention.candidates.every((ref) => ref.column.kind === "number") &&
    mention.candidates.some((ref) => ref.table === before.table)
  );
}

function readChain(chain: GroupChain): GroupTarget | "invalid" | null {
  // A figure ends the phrase: in "which customer spends", "spends" is the measure, and in
  // "类别的销量" the second property is what is measured per category.
  const end = chain.mentions.findIndex(
    (mention, index) =>
      mention.kind === "property" &&
      (mention.money ||
        mention.impliesSum ||
        // "片酬", "fee": an amount paid is measured, never a group.
        mention.candidates.every((ref) => moneyPropertyNames.test(ref.column.property)) ||
        !mention.candidates.some((ref) => isGroupable(ref.column)) ||
        // "港口的泊位最多", "the port's berths": a figure of the type just named is measured.
        ownFigure(chain.mentions[index - 1], mention) ||
        chain.mentions.slice(0, index).some((earlier) => earlier.kind === "property")),
  );
  const phrase = end === -1 ? chain.mentions : chain.mentions.slice(0, end);
  const properties = phrase.filter(
    (mention): mention is PropertyMention => mention.kind === "property",
  );
  const types = phrase.filter((mention): mention is TypeMention => mention.kind === "type");
  if (properties.length > 1) return "invalid";
  const listsAll = chain.how === "per";
  if (properties.length === 1) {
    const groupable = properties[0].candidates.filter((ref) => isGroupable(ref.column));
    const qualifier = types.find((type) => groupable.some((ref) => ref.table === type.table));
    const candidates = qualifier
      ? groupable.filter((ref) => ref.table === qualifier.table)
      : groupable;
    return {
      target: { kind: "property", candidates, mention: properties[0] },
      used: qualifier ? [properties[0], qualifier] : [properties[0]],
      listsAll,
    };
  }
  if (types.length === 0) return null;
  // "每个角色的平均片酬", "per role": a link's rows named by a word of its action are the unit
  // the figure is averaged over, not a group.
  if (types[0].table.kind !== "node")
    return types[0].strength === "action" && chain.how === "per" ? null : "invalid";
  return {
    target: { kind: "entity", table: types[0].table, mention: types[0] },
    used: [types[0]],
    listsAll,
  };
}

function sameTarget(a: GroupTarget, b: GroupTarget): boolean {
  if (a.target.kind === "entity" && b.target.kind === "entity")
    return a.target.table === b.target.table;
  if (a.target.kind === "property" && b.target.kind === "property") {
    const columns = (target: typeof a.target) =>
      target.kind === "property"
        ? target.candidates
            .map((ref) => `${ref.table.key}.${ref.column.column}`)
            .sort()
            .join()
        : "";
    return columns(a.target) === columns(b.target);
  }
  return false;
}

/**
 * The one group the question's phrases agree on; null when it names none, "invalid" when they
 * name different ones or one that cannot be a group.
 */
export function readGroupTarget(chains: GroupChain[]): GroupTarget | "invalid" | null {
  let found: GroupTarget | null = null;
  for (const chain of chains) {
    const read = readChain(chain);
    if (read === "invalid") return "invalid";
    if (read === null) continue;
    const previous: GroupTarget | null = found;
    if (previous === null) {
      found = read;
      continue;
    }
    if (!sameTarget(previous, read)) return "invalid";
    found = {
      target: previous.target,
      used: [...new Set([...previous.used, ...read.used])],
      listsAll: previous.listsAll && read.listsAll,
    };
  }
  return found;
}
