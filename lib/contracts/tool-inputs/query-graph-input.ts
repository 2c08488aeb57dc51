import { z } from "zod";

/** Arguments of query_graph: one read-only SQL query over the session graph, and a row limit. */
export const queryGraphInputSchema = z
  .object({
    sql: z
      .string()
      .min(1)
      .max(20_000)
      .describe(
        [
          "One read-only DuckDB SQL query (SELECT or WITH; DESCRIBE <table> also works) over the session graph as tables:",
          "nodes(id, type, label, props JSON) and edges(source, target, type, weight, props JSON), where source/target equal nodes.id;",
          "one table per node type (id, label, then each property as a typed column, plus a column per foreign-key edge type, e.g. orders.customer_id holding the customer's node id)",
          "and one per edge type (source, target, weight = 1 when unweighted, then its properties), named exactly as the type and double-quoted when it has dots or odd characters:",
          'SELECT c.segment, sum(o.total) FROM orders o JOIN customers c ON c.id = o.customer_id GROUP BY 1, or via the edge table JOIN "orders.customer_id" fk ON fk.source = o.id.',
          'A property named like a fixed column is property_<name>; a type whose name is taken gets _nodes / _edges (CSV graphs: node table "default", edge table default_edges).',
          "Read properties from nodes with props->>'name'. An undirected graph stores each edge once: join on both ends.",
          "No writes, DDL, SET/PRAGMA, files, extensions or catalog views; limited to 5 s. When nothing matches, the result lists the tables and their columns.",
        ].join(" "),
      ),
    limit: z
      .number()
      .int()
      .min(1)
      .max(1000)
      .default(100)
      .describe("Most rows returned; `truncated` says when the query had more."),
  })
  .strict();

/** Validated query_graph arguments, defaults filled in. */
export type QueryGraphInput = z.infer<typeof queryGraphInputSchema>;
