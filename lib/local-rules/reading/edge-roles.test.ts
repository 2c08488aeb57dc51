import { afterAll, describe, expect, it } from "vitest";
import { attachedKarateState } from "@/lib/contracts/testing/session-states";
import { closeIdleQueryEngines } from "@/lib/engine/query/query-engine-cache";
import { readAnalyses } from "../families";
import { analysisGraphEngine } from "../testing/analysis-graph-engine";
import { company } from "../testing/paraphrase-graphs";
import { runConversation } from "../testing/run-conversation";
import { readRoleLink } from "./edge-roles";
import type { GraphSchemaView } from "./graph-schema";

afterAll(async () => {
  await closeIdleQueryEngines();
});

// The edge types a SQL dump of a company gives: its foreign keys run from the row that holds
// the key (the employee) to the row it names (their manager, their department).
const schema = {
  node_types: ["departments", "employees", "projects"].map((name) => ({
    name,
    count: 3,
    properties: [],
  })),
  query_tables: [],
  edge_types: [
    { name: "assignments", count: 7, from: ["employees"], to: ["projects"], properties: [] },
    {
      name: "employees.department_id",
      count: 5,
      from: ["employees"],
      to: ["departments"],
      properties: [],
    },
    {
      name: "employees.manager_id",
      count: 4,
      from: ["employees"],
      to: ["employees"],
      properties: [],
    },
    {
      name: "employees.mentor_id",
      count: 2,
      from: ["employees"],
      to: ["employees"],
      properties: [],
    },
  ],
} as GraphSchemaView;

// Built once: a SQL dump is constructed in a sandbox, seconds each time.
const engine = analysisGraphEngine({ kind: "sql", text: company });

async function ask(question: string) {
  const { answer, turns } = await runConversation({
    question,
    state: attachedKarateState(),
    engine: await engine,
  });
  return { lead: answer.split("\n")[0], calls: turns.flatMap((turn) => turn.calls) };
}

describe("a same-kind link a foreign key records, named by its role", () => {
  it.each([
    // The links that end at the node: it holds the role.
    ["Whose manager is Leopold Hartmann?", "in"],
    ["Who reports to Leopold Hartmann?", "in"],
    ["Which employees report directly to Leopold Hartmann?", "in"],
    ["Who has Leopold Hartmann as their manager?", "in"],
    ["Who does Leopold Hartmann manage?", "in"],
    ["Which employees are managed by Leopold Hartmann?", "in"],
    ["Who are Leopold Hartmann's direct reports?", "in"],
    ["How many direct reports does Leopold Hartmann have?", "in"],
    ["Leopold Hartmann 有几个直接下属？", "in"],
    ["Leopold Hartmann 的下属有哪些？", "in"],
    ["谁的经理是 Leopold Hartmann？", "in"],
    ["哪些人向 Leopold Hartmann 汇报？", "in"],
    // The link that leaves it: the role is someone else's.
    ["Who does Greta Thorsen report to?", "out"],
    ["Who is Greta Thorsen's manager?", "out"],
    ["Who is the boss of Greta Thorsen?", "out"],
    ["Who manages Greta Thorsen?", "out"],
    ["Greta Thorsen 的直属上级是谁？", "out"],
    ["Greta Thorsen 向谁汇报？", "out"],
  ])("%s → employees.manager_id, %s", (question, direction) => {
    const node = /Leopold Hartmann/.test(question) ? "Leopold Hartmann" : "Greta Thorsen";
    expect(readRoleLink({ question, node, schema })).toEqual({
      edgeType: "employees.manager_id",
      direction,
    });
  });

  it("finds another role by its column's word, and nothing without a role", () => {
    expect(readRoleLink({ question: "Who is Greta's mentor?", node: "Greta", schema })).toEqual({
      edgeType: "employees.mentor_id",
      direction: "out",
    });
    expect(readRoleLink({ question: "Whose mentor is Greta?", node: "Greta", schema })).toEqual({
      edgeType: "employees.mentor_id",
      direction: "in",
    });
    for (const question of [
      "Who is Greta connected to?",
      "Which projects is Greta on?",
      "Which projects does Greta manage?",
    ]) {
      expect(readRoleLink({ question, node: "Greta", schema })).toBeNull();
    }
    // No same-kind link in the schema: nothing to read.
    const flat = { ...schema, edge_types: schema.edge_types.slice(0, 2) };
    expect(readRoleLink({ question: "Who is Greta's manager?", node: "Greta", schema: flat })).toBe(
      null,
    );
  });

  it("reads role questions as one node's neighbours or degree", () => {
    expect(readAnalyses("Whose manager is Leopold Hartmann?")).toEqual([
      { kind: "neighbours", node: "Leopold Hartmann", depth: 1, limit: 200 },
    ]);
    expect(readAnalyses("Who is Greta Thorsen's manager?")).toEqual([
      { kind: "neighbours", node: "Greta Thorsen", depth: 1, limit: 200 },
    ]);
    expect(readAnalyses("Greta Thorsen 的直属上级是谁？")).toEqual([
      { kind: "neighbours", node: "Greta Thorsen", depth: 1, limit: 200 },
    ]);
    expect(readAnalyses("Fabian Brandt 有几个直接下属？")).toMatchObject([
      { kind: "degree", node: "Fabian Brandt" },
    ]);
    expect(readAnalyses("Atlas 项目属于哪个部门？")).toEqual([
      { kind: "neighbours", node: "Atlas", depth: 1, limit: 200 },
    ]);
    // Neighbours said other ways: listed, or counted as the degree.
    expect(readAnalyses("Marble Arch 的邻站有哪些？")).toEqual([
      { kind: "neighbours", node: "Marble Arch", depth: 1, limit: 200 },
    ]);
    expect(readAnalyses("Kingsbridge 有几个邻近站点？")).toEqual([
      { kind: "degree", node: "Kingsbridge", mode: "all", strength: false },
    ]);
    // A ranking of managers is not one node's question.
    expect(readAnalyses("Which manager has the most direct reports?")[0]?.kind).not.toBe(
      "neighbours",
    );
  });
});

describe("role questions answered on a small company dump", { timeout: 120_000 }, () => {
  it("lists the links of the role's edge type that end at, or leave, the node", async () => {
    const reports = await ask("Whose manager is Leopold Hartmann?");
    expect(reports.lead).toBe(
      "Greta Thorsen (employees:3), Piet Lindqvist (employees:4) — 2 nodes link to Leopold Hartmann (employees:2) by employees.manager_id.",
    );
    const sql = String(reports.calls.find((call) => call.toolName === "query_graph")?.input.sql);
    expect(sql).toContain("e.type = 'employees.manager_id'");
    expect((await ask("Who does Greta Thorsen report to?")).lead).toBe(
      "Leopold Hartmann (employees:2) — the node Greta Thorsen (employees:3) links to by employees.manager_id.",
    );
    expect((await ask("Who reports to Thea Gruber?")).lead).toBe(
      "Leopold Hartmann (employees:2), Katja Umland (employees:5) — 2 nodes link to Thea Gruber (employees:1) by employees.manager_id.",
    );
  });

  it("names the manager first, so a follow-up about her is about the manager", async () => {
    const first = await runConversation({
      question: "Who does Piet Lindqvist report to?",
      state: attachedKarateState(),
      engine: await engine,
    });
    const followUp = await runConversation({
      question: "她有几个直接下属？",
      state: attachedKarateState(),
      engine: await engine,
      history: first.messages,
    });
    expect(followUp.answer.split("\n")[0]).toBe(
      "Leopold Hartmann (employees:2) 的入度为 2（按 employees.manager_id 边计）。",
    );
    // The edge type said in the lead is not a node a pronoun could mean.
    const third = await runConversation({
      question: "她和 Piet Lindqvist 有没有参与同一个项目？",
      state: attachedKarateState(),
      engine: await engine,
      history: followUp.messages,
    });
    expect(third.answer.split("\n")[0]).toBe(
      "是的——Leopold Hartmann (employees:2) 和 Piet Lindqvist (employees:4) 共同连接 1 个 projects：Halcyon (projects:3)。",
    );
  });

  it("counts direct reports over the role's edge type only", async () => {
    // Leopold has 5 links in all: 2 reports, his manager, his department, one project.
    const counted = await ask("Leopold Hartmann 有几个直接下属？");
    expect(counted.lead).toBe(
      "Leopold Hartmann (employees:2) 的入度为 2（按 employees.manager_id 边计）。",
    );
    expect(counted.calls.find((call) => call.toolName === "degree_analysis")?.input).toMatchObject({
      node_ids: ["employees:2"],
      mode: "in",
      edge_types: ["employees.manager_id"],
    });
    expect((await ask("How many direct reports does Thea Gruber have?")).lead).toBe(
      "Thea Gruber (employees:1) has 2 incoming edges by employees.manager_id (in-degree 2).",
    );
  });

  it("ranks by direct reports over the role's edge type", async () => {
    const ranked = await ask("Who has the most direct reports?");
    // Thea: Leopold, Katja; Leopold: Greta, Piet.
    expect(ranked.lead).toBe(
      "Thea Gruber (employees:1) has the most employees.manager_id links pointing at it (2), tied with Leopold Hartmann (employees:2).",
    );
    expect(ranked.calls.find((call) => call.toolName === "degree_analysis")?.input).toMatchObject({
      mode: "in",
      edge_types: ["employees.manager_id"],
      node_type: "employees",
    });
    expect(readAnalyses("Who manages the most people?")).toMatchObject([
      { kind: "distinct-partners", mode: "in", role: true },
    ]);
    expect(readAnalyses("哪位经理的直接下属最多？")).toMatchObject([
      { kind: "distinct-partners", role: true },
    ]);
    // A manager as a kind of person, not a link: no ranking by reports.
    expect(readAnalyses("Which department has the most managers?")[0]?.kind).not.toBe(
      "distinct-partners",
    );
  });

  it("counts the people of a group and names a node's group by the kind asked", async () => {
    // Research has 5 employees and 3 projects: only the people count.
    expect((await ask("How many people work in the Research department?")).lead).toBe(
      "Research (departments:1) has 5 connections by employees.department_id: 5 in, 0 out.",
    );
    expect((await ask("Atlas 项目属于哪个部门？")).lead).toBe(
      "Atlas (projects:1) 连接 1 个 departments：Research (departments:1)。",
    );
    expect((await ask("Piet Lindqvist 参与了哪些项目？")).lead).toBe(
      "Piet Lindqvist (employees:4) 连接 3 个 projects：Atlas (projects:1)、Cobalt (projects:2)、Halcyon (projects:3)。",
    );
    // No role and no kind named: every neighbour, as before.
    expect((await ask("Who is Piet Lindqvist connected to?")).lead).toBe(
      "Piet Lindqvist (employees:4) has 5 neighbours within 1 hop.",
    );
  });
});
