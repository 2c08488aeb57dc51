import { quoteIdentifier } from "@/lib/engine/query/sql-quoting";
import type { JoinRoute, RouteStep } from "./join-routes";
import type { QueryCatalogue } from "./query-catalogue";

function stepSignature(step: RouteStep): string {
  return step.kind === "link"
    ? `link:${step.step.table}:${step.step.fromEnd}>${step.step.to}`
    : `${step.step.to}:${JSON.stringify(step.step.via)}`;
}

/**
 * The JOIN clauses of one query, built from the routes its parts need. Routes that share a
 * beginning share its joins (a filter on customers and a group by customers.city join the
 * customers table once), so every table reached the same way has one alias.
 */
export class AggregateJoins {
  readonly clauses: string[] = [];
  private readonly aliases = new Map<string, string>();
  private count = 0;

  constructor(private readonly catalogue: QueryCatalogue) {}

  /** The alias of the table at the end of a route from the measured rows (`r`). */
  aliasOf(route: JoinRoute): string {
    let alias = "r";
    let signature = "";
    for (const step of route.steps) {
      signature += `|${stepSignature(step)}`;
      const known = this.aliases.get(signature);
      if (known) {
        alias = known;
        continue;
      }
      this.count++;
      const next = `j${this.count}`;
      const target = quoteIdentifier(this.tableName(step.step.to));
      if (step.kind === "link") {
        const link = `l${this.count}`;
        this.clauses.push(
          `JOIN ${quoteIdentifier(step.step.table)} ${link} ON ${link}.${quoteIdentifier(step.step.fromEnd)} = ${alias}."id"`,
          `JOIN ${target} ${next} ON ${next}."id" = ${link}.${quoteIdentifier(step.step.toEnd)}`,
        );
      } else {
        const via = step.step.via;
        const column = via.kind === "column" ? via.column : via.end;
        this.clauses.push(
          `JOIN ${target} ${next} ON ${next}."id" = ${alias}.${quoteIdentifier(column)}`,
        );
      }
      this.aliases.set(signature, next);
      alias = next;
    }
    return alias;
  }

  private tableName(key: string): string {
    const table = this.catalogue.byKey.get(key);
    if (!table) throw new Error(`No table for ${key}`);
    return table.table;
  }
}
