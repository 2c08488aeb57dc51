import { afterAll, describe, expect, it } from "vitest";
import { attachedKarateState } from "@/lib/contracts/testing/session-states";
import { closeIdleQueryEngines } from "@/lib/engine/query/query-engine-cache";
import { analysisGraphEngine } from "../testing/analysis-graph-engine";
import { company } from "../testing/paraphrase-graphs";
import { runConversation } from "../testing/run-conversation";
import { readAnalyses } from "./index";

afterAll(async () => {
  await closeIdleQueryEngines();
});

// The company of paraphrase-graphs: the engineers are Greta (Atlas, Cobalt) and Piet (Atlas,
// Cobalt, Halcyon); Leopold is on Halcyon only; Thea is on no project; Legal has no staff.
const engine = analysisGraphEngine({ kind: "sql", text: company });

async function ask(question: string) {
  const { answer, turns } = await runConversation({
    question,
    state: attachedKarateState(),
    engine: await engine,
  });
  const calls = turns.flatMap((turn) => turn.calls);
  return { lead: answer.split("\n")[0], calls };
}

describe("rankings inside a set a property describes", { timeout: 120_000 }, () => {
  it("ranks the described kind by its links to the kind counted", async () => {
    for (const question of [
      "Among the engineers, who is assigned to the most projects?",
      "哪位工程师参与的项目最多？",
    ]) {
      const { lead, calls } = await ask(question);
      expect(lead).toMatch(/^Piet Lindqvist \(employees:4\)/);
      const ranking = calls.find((call) => call.toolName === "degree_analysis");
      expect(ranking?.input).toMatchObject({
        node_type: "employees",
        where: [{ property: "title", op: "eq", value: "Engineer" }],
        edge_types: ["assignments"],
      });
    }
  });

  it("leaves out the nodes the question excludes", async () => {
    const { lead } = await ask(
      "Apart from Piet Lindqvist, which engineer works on the most projects?",
    );
    expect(lead).toMatch(/^Greta Thorsen \(employees:3\)/);
  });
});

// Ada and Bo are in Research, Cy in Legal; Atlas and Delta are Legal's projects, Cobalt
// Research's. Ada works on all three, Bo on Cobalt, Cy on Atlas and Cobalt: the Legal employee
// on the most projects is Cy (2), though Ada is on the most of Legal's projects.
const offices = [
  "CREATE TABLE departments (id integer PRIMARY KEY, name text NOT NULL);",
  "CREATE TABLE employees (id integer PRIMARY KEY, name text NOT NULL, department_id integer REFERENCES departments(id));",
  "CREATE TABLE projects (id integer PRIMARY KEY, name text NOT NULL, department_id integer REFERENCES departments(id));",
  "CREATE TABLE assignments (employee_id integer NOT NULL REFERENCES employees(id), project_id integer NOT NULL REFERENCES projects(id), PRIMARY KEY (employee_id, project_id));",
  "INSERT INTO departments VALUES (1, 'Research'), (2, 'Legal');",
  "INSERT INTO employees VALUES (1, 'Ada Moss', 1), (2, 'Bo Lind', 1), (3, 'Cy Ode', 2);",
  "INSERT INTO projects VALUES (1, 'Atlas', 2), (2, 'Cobalt', 1), (3, 'Delta', 2);",
  "INSERT INTO assignments VALUES (1, 1), (1, 2), (1, 3), (2, 2), (3, 1), (3, 2);",
].join("\n");

describe("a named group's word before the kind ranked", { timeout: 300_000 }, () => {
  it("filters the ranked kind, not the kind counted", async () => {
    const officeEngine = analysisGraphEngine({ kind: "sql", text: offices });
    for (const question of [
      "Which Legal employee works on the most projects?",
      "哪位 Legal 员工参与的项目最多？",
    ]) {
      const { answer } = await runConversation({
        question,
        state: attachedKarateState(),
        engine: await officeEngine,
      });
      expect(answer.split("\n")[0]).toMatch(/^Cy Ode \(employees:3\)|员工是 Cy Ode（employees:3）/);
    }
  });
});

describe("the other nodes sharing at least one neighbour of a kind", { timeout: 120_000 }, () => {
  it("counts them in English and Chinese", async () => {
    for (const question of [
      "With how many other employees does Piet Lindqvist share at least one project?",
      "有多少位其他员工和 Piet Lindqvist 至少参与过一个共同的项目？",
    ]) {
      expect((await ask(question)).lead).toMatch(/\b3\b|另外 3 个/);
    }
  });
});

describe("a link type named after a node type's word", { timeout: 120_000 }, () => {
  it("counts the links, the head of the phrase", async () => {
    for (const question of [
      "How many project assignments are recorded?",
      "How many employee assignments are there?",
    ]) {
      expect((await ask(question)).lead).toBe("There are 7 assignments edges.");
    }
  });
});

describe("the nodes of a kind with no link of a kind", { timeout: 120_000 }, () => {
  it("reads none at all in English and Chinese", () => {
    for (const question of [
      "Which employee is not assigned to any project?",
      "哪个部门没有任何员工？",
      "How many departments have no employees?",
    ]) {
      expect(readAnalyses(question)[0]?.kind).toBe("unlinked-nodes");
    }
    expect(readAnalyses("Is there a path without any detour from n1 to n2?")[0]?.kind).not.toBe(
      "unlinked-nodes",
    );
    expect(readAnalyses("哪两个还没有直接相连的成员共同好友最多？")[0]?.kind).not.toBe(
      "unlinked-nodes",
    );
  });

  it("names them, counting only the links to the kind named", async () => {
    expect((await ask("Which employee is not assigned to any project?")).lead).toMatch(
      /^Thea Gruber \(employees:1\) has no assignments link/,
    );
    expect((await ask("哪个部门没有任何员工？")).lead).toMatch(/^Legal \(departments:2\)/);
    expect((await ask("How many departments have no employees?")).lead).toMatch(/^1 departments/);
    expect((await ask("What share of employees are not assigned to any project?")).lead).toMatch(
      /^20(?:\.0)? % of the employees nodes \(1, a share of 0\.2/,
    );
  });
});
