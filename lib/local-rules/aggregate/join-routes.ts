import type { LinkStep, ManyToOneStep, QueryCatalogue } from "./query-catalogue";

/** One join of a route: along a foreign key or link-table end, or across a link table. */
export type RouteStep =
  | { kind: "many-to-one"; step: ManyToOneStep }
  | { kind: "link"; step: LinkStep };

/** How the rows being measured reach another table; `fansOut` when a row may meet several. */
export type JoinRoute = { steps: RouteStep[]; fansOut: boolean };

const maxSteps = 3;

function signature(steps: RouteStep[]): string {
  return steps
    .map((step) =>
      step.kind === "link"
        ? `link:${step.step.table}:${step.step.fromEnd}`
        : `${step.step.from}>${step.step.to}:${JSON.stringify(step.step.via)}`,
    )
    .join("|");
}

/**
 * The shortest join route from the measured table to a node table, or null when there is none
 * or when two different routes are equally short (a table with two foreign keys to the same
 * type: which one the analyst meant is a guess). Many-to-one routes come first; with
 * `allowLinks`, a route may cross one link table (books → book_authors → authors), which can
 * meet a row several times: the caller counts distinct ids, or (link-table rows, which have
 * none) counts each (row, group) pair once per link.
 */
export function findJoinRoute(input: {
  catalogue: QueryCatalogue;
  from: string;
  to: string;
  allowLinks: boolean;
}): JoinRoute | null {
  const { catalogue, from, to } = input;
  if (from === to) return { steps: [], fansOut: false };
  const direct = shortestRoutes({ catalogue, from, to, withLink: false });
  if (direct.length > 0) return direct.length === 1 ? { steps: direct[0], fansOut: false } : null;
  if (!input.allowLinks) return null;
  const linked = shortestRoutes({ catalogue, from, to, withLink: true });
  return linked.length === 1 ? { steps: linked[0], fansOut: true } : null;
}

function shortestRoutes(input: {
  catalogue: QueryCatalogue;
  from: string;
  to: string;
  withLink: boolean;
}): RouteStep[][] {
  type State = { key: string; steps: RouteStep[]; linked: boolean };
  let frontier: State[] = [{ key: input.from, steps: [], linked: false }];
  for (let depth = 0; depth < maxSteps; depth++) {
    const next: State[] = [];
    for (const state of frontier) {
      for (const step of input.catalogue.manyToOne) {
        if (step.from !== state.key) continue;
        next.push({
          key: step.to,
          steps: [...state.steps, { kind: "many-to-one", step }],
          linked: state.linked,
        });
      }
      if (!input.withLink || state.linked) continue;
      for (const step of input.catalogue.links) {
        if (step.from !== state.key) continue;
        next.push({ key: step.to, steps: [...state.steps, { kind: "link", step }], linked: true });
      }
    }
    const arrived = next.filter(
      (state) => state.key === input.to && state.linked === input.withLink,
    );
    if (arrived.length > 0) {
      const unique = new Map(arrived.map((state) => [signature(state.steps), state.steps]));
      return [...unique.values()];
    }
    // A route never needs to revisit its start: that would be a cycle through the same table.
    frontier = next.filter((state) => state.key !== input.from);
  }
  return [];
}
