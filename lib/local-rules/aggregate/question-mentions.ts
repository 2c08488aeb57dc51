import { findEntityMentions, type NamedEntity } from "./entity-mentions";
import type { Mention } from "./mention";
import { findPropertyMentions } from "./property-mentions";
import type { QueryCatalogue } from "./query-catalogue";
import { findTableMentions } from "./table-mentions";
import { findValueMentions } from "./value-mentions";

/**
 * Every table, property and value of the schema that the question names, in question order,
 * without overlaps: the longest phrase wins (`客户群` is a segment, not customers), then the
 * higher rank (a table's own name over a generic noun over a verb).
 */
export function findMentions(input: {
  question: string;
  catalogue: QueryCatalogue;
  entities?: NamedEntity[];
}): Mention[] {
  const candidates = [
    ...findTableMentions(input),
    ...findPropertyMentions(input),
    ...findValueMentions(input),
    ...findEntityMentions({ ...input, entities: input.entities ?? [] }),
  ];
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
