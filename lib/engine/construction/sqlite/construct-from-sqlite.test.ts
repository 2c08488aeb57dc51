import { describe, expect, it } from "vitest";
import { failureOf, loadFormatReference } from "../graph-file/testing/format-reference";
import { constructFromSql } from "../sql/construct-from-sql";
import { constructFromSqlite } from "./construct-from-sqlite";

// The same tables and rows as make_formats.py writes to payments.sqlite, as a PostgreSQL dump:
// a SQLite file and a .sql dump of one database must build one graph.
const equivalentDump = `
CREATE TABLE accounts (id integer PRIMARY KEY, name text NOT NULL, balance double precision, verified boolean);
CREATE TABLE branches (code text PRIMARY KEY, title text);
CREATE TABLE owners (id integer PRIMARY KEY, name text, account_id integer REFERENCES accounts(id), branch_code text REFERENCES branches(code));
CREATE TABLE transfers (source_id integer NOT NULL REFERENCES accounts(id), target_id integer NOT NULL REFERENCES accounts(id), amount double precision, PRIMARY KEY (source_id, target_id));
INSERT INTO accounts VALUES (1, 'Alpha', 10.5, true), (2, 'Beta', 0, false), (3, 'Gamma', 7.25, true);
INSERT INTO branches VALUES ('N', 'North'), ('S', 'South');
INSERT INTO owners VALUES (10, 'Olga', 1, 'N'), (11, 'Omar', 2, 'S'), (12, 'Otto', NULL, 'N');
INSERT INTO transfers VALUES (1, 2, 100.0), (2, 3, 25.5), (3, 1, 12.0), (1, 3, 8.0);
`;

describe("constructFromSqlite", () => {
  it("builds the sqlite3-written file with the relational rules, as the reference says", async () => {
    const { reference, bytes } = loadFormatReference("sqlite") as unknown as {
      reference: {
        node_count: number;
        edge_count: number;
        directed: boolean;
        link_edge: { source: string; target: string; amount: number };
        node: {
          id: string;
          label: string;
          attributes: Record<string, { type: string; value: unknown }>;
        };
      };
      bytes: Uint8Array;
    };
    const { graph, schemaSummary } = await constructFromSqlite({ bytes });
    expect(graph.nodeIds.length).toBe(reference.node_count);
    expect(graph.edgeSources.length).toBe(reference.edge_count);
    expect(graph.directed).toBe(reference.directed);
    const node = graph.nodeIds.indexOf(reference.node.id);
    expect(graph.nodeLabels[node]).toBe(reference.node.label);
    for (const [name, expected] of Object.entries(reference.node.attributes)) {
      expect(typeof graph.nodeProperties[node]?.[name], name).toBe(expected.type);
      expect(graph.nodeProperties[node]?.[name], name).toBe(expected.value);
    }
    const source = graph.nodeIds.indexOf(reference.link_edge.source);
    const target = graph.nodeIds.indexOf(reference.link_edge.target);
    const edge = graph.edgeSources.findIndex(
      (from, index) => from === source && graph.edgeTargets[index] === target,
    );
    expect(graph.edgeProperties[edge]).toEqual({ amount: reference.link_edge.amount });
    expect(schemaSummary.edgeTypes.map((edgeType) => edgeType.edgeType)).toEqual([
      "owners.account_id",
      "owners.branch_code",
      "transfers",
    ]);
    expect(schemaSummary.edgeTypes[0]).toMatchObject({ edges: 2, nullReferences: 1 });
  });

  it("builds the same graph as a .sql dump of the same database", async () => {
    const { bytes } = loadFormatReference("sqlite");
    const fromSqlite = (await constructFromSqlite({ bytes })).graph;
    const fromSql = (await constructFromSql({ text: equivalentDump })).graph;
    expect(fromSqlite.nodeIds).toEqual(fromSql.nodeIds);
    expect(fromSqlite.nodeLabels).toEqual(fromSql.nodeLabels);
    expect(fromSqlite.nodeProperties).toEqual(fromSql.nodeProperties);
    expect([...fromSqlite.edgeSources]).toEqual([...fromSql.edgeSources]);
    expect([...fromSqlite.edgeTargets]).toEqual([...fromSql.edgeTargets]);
    expect(fromSqlite.edgeTypeNames).toEqual(fromSql.edgeTypeNames);
    expect(fromSqlite.edgeProperties).toEqual(fromSql.edgeProperties);
  }, 60_000);

  it("refuses a file SQLite cannot read with PARSE_ERROR", async () => {
    const { bytes } = loadFormatReference("sqlite");
    const damaged = Uint8Array.from(bytes);
    damaged.fill(0x5a, 16, 100); // the header's page size and format fields
    const failure = await failureOf(() => constructFromSqlite({ bytes: damaged }));
    expect(failure.code).toBe("PARSE_ERROR");
    expect(failure.message).toMatch(/SQLite file could not be read/);
    expect(failure.details).toHaveProperty("element");
  });
});
