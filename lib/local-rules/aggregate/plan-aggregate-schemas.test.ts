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

  // Nine repositories: more names than a schema lists, so "repo-9" is confirmed by a search.
  const software = [
    "CREATE TABLE repositories (id integer PRIMARY KEY, name text NOT NULL, stars integer);",
    "CREATE TABLE developers (id integer PRIMARY KEY, name text NOT NULL);",
    "CREATE TABLE commits (developer_id integer NOT NULL REFERENCES developers(id), repository_id integer NOT NULL REFERENCES repositories(id), lines integer, PRIMARY KEY (developer_id, repository_id));",
    ...Array.from(
      { length: 9 },
      (_, index) =>
        `INSERT INTO repositories VALUES (${index + 1}, 'repo-${index + 1}', ${10 * (index + 1)});`,
    ),
    "INSERT INTO developers VALUES (1, 'Ada'), (2, 'Bo'), (3, 'Cy');",
    "INSERT INTO commits VALUES (1, 9, 100), (2, 9, 250), (3, 9, 5), (1, 2, 1000), (2, 3, 40);",
  ].join("\n");

  it("filters by a node the question names and a search confirmed, and never leaves it out", async () => {
    const { graph, schema } = await build({ kind: "sql", text: software });
    const listed = schema.node_types
      .find((type: { name: string }) => type.name === "repositories")
      .properties.find((property: { name: string }) => property.name === "name").values;
    expect(listed).not.toContain("repo-9");
    const question = "What's the total number of lines committed to repo-9?";
    // Without the node, summing every commit would answer another question.
    expect(planAggregateQuery({ question, schema, subjects: ["repo-9"] })).toBeNull();
    const entities = [
      { surface: "repo-9", id: "repositories:9", type: "repositories", label: "repo-9" },
    ];
    const plan = planAggregateQuery({ question, schema, subjects: ["repo-9"], entities });
    const rows = await runAggregateSql({ graph, sql: plan?.sql ?? "" });
    expect(rows[0][plan?.valueColumn ?? ""]).toBe(100 + 250 + 5);
    expect(plan?.describe.en).toBe(
      "total of commits.lines where repository = repo-9 (repositories:9)",
    );
    const counted = planAggregateQuery({
      question: "How many commits does repo-9 have?",
      schema,
      subjects: ["repo-9"],
      entities,
    });
    const countedRows = await runAggregateSql({ graph, sql: counted?.sql ?? "" });
    expect(countedRows[0][counted?.valueColumn ?? ""]).toBe(3);
    // The node's own table filtered by its id is one row, never the answer to a count.
    expect(
      planAggregateQuery({
        question: "How many repositories does repo-9 have?",
        schema,
        subjects: ["repo-9"],
        entities,
      }),
    ).toBeNull();
  });

  it("reads 'the total number of lines' as the sum of a quantity, and 'number of commits' as a count", async () => {
    const { graph, schema } = await build({ kind: "sql", text: software });
    const total = planAggregateQuery({ question: "What is the total number of lines?", schema });
    const totalRows = await runAggregateSql({ graph, sql: total?.sql ?? "" });
    expect(totalRows[0][total?.valueColumn ?? ""]).toBe(100 + 250 + 5 + 1000 + 40);
    const average = planAggregateQuery({
      question: "What is the average number of stars of repositories?",
      schema,
    });
    const averageRows = await runAggregateSql({ graph, sql: average?.sql ?? "" });
    expect(averageRows[0][average?.valueColumn ?? ""]).toBe(50);
    const perRepository = planAggregateQuery({
      question: "Which repository has the highest number of commits?",
      schema,
    });
    const ranked = await runAggregateSql({ graph, sql: perRepository?.sql ?? "" });
    expect(ranked[0][perRepository?.idColumn ?? ""]).toBe("repositories:9");
    // Ada 100 + 1000, Bo 250 + 40, Cy 5: "the most lines" of a developer is the sum of theirs.
    for (const question of [
      "Which developer committed the most lines?",
      "Which developer has committed the most lines in total?",
    ]) {
      const top = planAggregateQuery({ question, schema });
      const rows = await runAggregateSql({ graph, sql: top?.sql ?? "" });
      expect(
        rows.slice(0, 3).map((row) => [row[top?.idColumn ?? ""], row[top?.valueColumn ?? ""]]),
      ).toEqual([
        ["developers:1", 1100],
        ["developers:2", 290],
        ["developers:3", 5],
      ]);
    }
    // "The highest" of a figure of other rows is no sum; not guessed.
    expect(
      planAggregateQuery({ question: "Which developer has the highest lines?", schema }),
    ).toBeNull();
  });
});
