import { afterAll, describe, expect, it } from "vitest";
import {
  type ConstructGraphInput,
  constructGraph,
} from "@/lib/engine/construction/construct-graph";
import { closeIdleQueryEngines } from "@/lib/engine/query/query-engine-cache";
import { LoadedGraph } from "@/lib/engine/session/loaded-graph";
import { describeGraphSchema } from "@/lib/mcp/graph-info";
import { planAggregateQuery } from "./plan-aggregate-query";
import { runAggregateSql } from "./testing/aggregate-test-graphs";
import { writeAggregateLead } from "./write-aggregate-lead";

afterAll(async () => {
  await closeIdleQueryEngines();
});

async function build(input: ConstructGraphInput) {
  const { graph } = await constructGraph(input);
  const loaded = new LoadedGraph({
    version: 1,
    origin: { kind: "construction", datasetId: "ds", revision: 1 },
    graph,
  });
  return { graph, schema: JSON.parse(JSON.stringify(describeGraphSchema(loaded))) };
}

// Small enough to count by hand: the expected figures are read off these rows.
const bank = `
CREATE TABLE accounts (id integer PRIMARY KEY, name text NOT NULL, bank text);
CREATE TABLE transfers (id integer PRIMARY KEY, from_account integer REFERENCES accounts(id), to_account integer REFERENCES accounts(id), amount numeric(10,2));
INSERT INTO accounts VALUES (1, 'Ana', 'North'), (2, 'Bo', 'North'), (3, 'Cy', 'South');
INSERT INTO transfers VALUES (1, 1, 2, 10.5), (2, 1, 3, 20), (3, 2, 3, 30), (4, 3, 1, 40);
`;

describe("planAggregateQuery on schemas it has not seen", { timeout: 60_000 }, () => {
  it("refuses a group it could reach by two foreign keys, and still answers what is unambiguous", async () => {
    const { graph, schema } = await build({ kind: "sql", text: bank });
    // from_account or to_account? Either reading is a guess.
    expect(
      planAggregateQuery({ question: "Which account has the most transfers?", schema }),
    ).toBeNull();
    expect(
      planAggregateQuery({ question: "Which bank has the most transfers?", schema }),
    ).toBeNull();
    const plan = planAggregateQuery({ question: "What is the average transfer amount?", schema });
    expect(plan?.answer).toBe("number");
    const rows = await runAggregateSql({ graph, sql: plan?.sql ?? "" });
    expect(rows[0][plan?.valueColumn ?? ""]).toBeCloseTo((10.5 + 20 + 30 + 40) / 4, 9);
    const north = planAggregateQuery({
      question: "How many accounts are in the North bank?",
      schema,
    });
    const counted = await runAggregateSql({ graph, sql: north?.sql ?? "" });
    expect(counted[0][north?.valueColumn ?? ""]).toBe(2);
  });

  it("quotes names with spaces and values with quotes", async () => {
    const nodes =
      "id,home city,score\na,Saint-Jean d'Arc,3\nb,Saint-Jean d'Arc,5\nc,Rome,4\nd,Rome,1\ne,Rome,2\n";
    const { graph, schema } = await build({
      kind: "csv",
      texts: { edges: "source,target\na,b\nb,c\nd,e\n", nodes },
    });
    const question = "How many members live in Saint-Jean d'Arc?";
    const plan = planAggregateQuery({ question, schema });
    expect(plan?.sql).toContain(`"home city" = 'Saint-Jean d''Arc'`);
    const rows = await runAggregateSql({ graph, sql: plan?.sql ?? "" });
    expect(
      writeAggregateLead({
        plan: plan as NonNullable<typeof plan>,
        rows,
        language: "en",
        question,
      }),
    ).toBe("2 members live in Saint-Jean d'Arc.");
    const top = planAggregateQuery({
      question: "Which home city has the highest average score?",
      schema,
    });
    const ranked = await runAggregateSql({ graph, sql: top?.sql ?? "" });
    expect(ranked.map((row) => row["home city"])).toEqual(["Saint-Jean d'Arc", "Rome"]);
    expect(ranked[0][top?.valueColumn ?? ""]).toBe(4);
  });

  it("never ranks a placeholder such as 'none' as a group", async () => {
    const nodes = "id,club\na,chess\nb,chess\nc,chess\nd,drama\ne,drama\nf,none\ng,N/A\nh,chess\n";
    const { graph, schema } = await build({
      kind: "csv",
      texts: { edges: "source,target\na,b\nc,d\ne,f\ng,h\n", nodes },
    });
    const question = "Which club has the fewest members?";
    const plan = planAggregateQuery({ question, schema });
    const rows = await runAggregateSql({ graph, sql: plan?.sql ?? "" });
    expect(rows.map((row) => row.club)).toEqual(["drama", "chess"]);
    expect(
      writeAggregateLead({
        plan: plan as NonNullable<typeof plan>,
        rows,
        language: "en",
        question,
      }),
    ).toMatch(/^drama has the fewest members \(2\)/);
  });
});
