import "server-only";
import { queryGraphInputSchema } from "@/lib/contracts/tool-inputs/query-graph-input";
import { runGraphQuery } from "@/lib/engine/query/run-graph-query";
import { requireSession } from "../mcp-identity";
import { sessionGraphsOf } from "../session-graph-cache";
import { catalogue, defineTool } from "../tool-definition";

/** query_graph: one read-only SQL query over the session graph's tables. */
export const queryGraphTool = defineTool({
  name: "query_graph",
  description:
    "Run one read-only SQL query (DuckDB dialect) over the session graph as tables — nodes, edges, one table per node type and per edge type with typed property columns — for aggregates such as totals per segment. Returns columns, rows (at most `limit`), row_count and truncated; refused SQL comes back as INVALID_REQUEST saying why.",
  input: queryGraphInputSchema,
  catalogue: catalogue({ reads: ["G"] }),
  run: async (args, { identity, signal }) => {
    const { scope } = await requireSession(identity);
    const loaded = (await sessionGraphsOf(scope)).currentOrThrow(scope);
    // The query database is cached per graph version: a version never changes.
    const result = await runGraphQuery({
      graph: loaded.graph,
      sql: args.sql,
      limit: args.limit,
      signal,
    });
    return { data: { sql: args.sql, ...result } };
  },
});
