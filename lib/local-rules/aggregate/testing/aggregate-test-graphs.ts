import { readFileSync } from "node:fs";
import path from "node:path";
import { constructGraph } from "@/lib/engine/construction/construct-graph";
import type { GraphData } from "@/lib/engine/graph/graph-data";
import { runGraphQuery } from "@/lib/engine/query/run-graph-query";
import { LoadedGraph } from "@/lib/engine/session/loaded-graph";
import { describeGraphSchema } from "@/lib/mcp/graph-info";
import type { GraphSchemaView } from "../graph-schema-view";

/** The datasets the aggregate tests ask questions about. */
export type AggregateTestDataset =
  | "shop"
  | "library"
  | "karate"
  | "cora-like"
  | "lesmis"
  | "referrals"
  | "university"
  | "email"
  | "coauthor"
  | "software"
  | "supply"
  | "friends";

/** A constructed graph and its schema exactly as get_graph_info returns it (through JSON). */
export type AggregateTestGraph = { graph: GraphData; schema: GraphSchemaView };

const root = path.resolve(import.meta.dirname, "../../../..");
const fixtures = path.join(root, "tests/fixtures");
const bank = path.join(fixtures, "questions/data");
const holdout = path.join(bank, "holdout");
const holdout2 = path.join(bank, "holdout2");
const own = path.resolve(import.meta.dirname, "../fixtures");
const read = (file: string) => readFileSync(file, "utf8");

function inputOf(dataset: AggregateTestDataset): Parameters<typeof constructGraph>[0] {
  switch (dataset) {
    case "shop":
      return { kind: "sql", text: read(path.join(fixtures, "shop.sql")) };
    case "library":
      return { kind: "sql", text: read(path.join(fixtures, "analysis/library.sql")) };
    case "karate":
      return {
        kind: "csv",
        texts: {
          edges: read(path.join(fixtures, "karate_edges.csv")),
          nodes: read(path.join(fixtures, "karate_nodes.csv")),
        },
      };
    case "cora-like":
      return {
        kind: "csv",
        texts: {
          edges: read(path.join(own, "cora_like_edges.csv")),
          nodes: read(path.join(own, "cora_like_nodes.csv")),
        },
      };
    case "lesmis":
      return {
        kind: "csv",
        texts: {
          edges: read(path.join(bank, "lesmis_edges.csv")),
          nodes: read(path.join(bank, "lesmis_nodes.csv")),
        },
      };
    case "referrals":
      return {
        kind: "csv",
        texts: {
          edges: read(path.join(bank, "referrals_edges.csv")),
          nodes: read(path.join(bank, "referrals_nodes.csv")),
        },
        options: { directed: true },
      };
    case "university":
      return { kind: "sql", text: read(path.join(holdout, "university.sql")) };
    case "email":
      return {
        kind: "csv",
        texts: {
          edges: read(path.join(holdout, "email_edges.csv")),
          nodes: read(path.join(holdout, "email_staff.csv")),
        },
        options: { directed: true },
      };
    case "coauthor":
      return {
        kind: "csv",
        texts: {
          edges: read(path.join(holdout, "coauthor_edges.csv")),
          nodes: read(path.join(holdout, "coauthor_people.csv")),
        },
      };
    case "software":
      return { kind: "sql", text: read(path.join(holdout2, "software.sql")) };
    case "supply":
      return {
        kind: "csv",
        texts: {
          edges: read(path.join(holdout2, "supply_edges.csv")),
          nodes: read(path.join(holdout2, "supply_sites.csv")),
        },
        options: { directed: true },
      };
    case "friends":
      return {
        kind: "csv",
        texts: {
          edges: read(path.join(holdout2, "friends_edges.csv")),
          nodes: read(path.join(holdout2, "friends_students.csv")),
        },
      };
  }
}

const built = new Map<AggregateTestDataset, Promise<AggregateTestGraph>>();

/** Builds a dataset's graph once per test file, as the workbench's construction does. */
export function aggregateTestGraph(dataset: AggregateTestDataset): Promise<AggregateTestGraph> {
  let graph = built.get(dataset);
  if (!graph) {
    graph = constructGraph(inputOf(dataset)).then(({ graph: data }) => {
      const loaded = new LoadedGraph({
        version: 1,
        origin: { kind: "construction", datasetId: `ds_${dataset}`, revision: 1 },
        graph: data,
      });
      // The planner receives the schema from a tool result: JSON, not the engine's objects.
      return { graph: data, schema: JSON.parse(JSON.stringify(describeGraphSchema(loaded))) };
    });
    built.set(dataset, graph);
  }
  return graph;
}

/** Runs SQL as query_graph does and returns its rows as records keyed by column. */
export async function runAggregateSql(input: {
  graph: GraphData;
  sql: string;
}): Promise<Record<string, unknown>[]> {
  const result = await runGraphQuery({ graph: input.graph, sql: input.sql });
  return result.rows.map((row) =>
    Object.fromEntries(result.columns.map((column, index) => [column, row[index]])),
  );
}
