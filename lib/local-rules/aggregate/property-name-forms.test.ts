import { afterAll, describe, expect, it } from "vitest";
import { attachedKarateState } from "@/lib/contracts/testing/session-states";
import { constructGraph } from "@/lib/engine/construction/construct-graph";
import { closeIdleQueryEngines } from "@/lib/engine/query/query-engine-cache";
import { LoadedGraph } from "@/lib/engine/session/loaded-graph";
import { describeGraphSchema } from "@/lib/mcp/graph-info";
import { analysisGraphEngine } from "../testing/analysis-graph-engine";
import { runConversation } from "../testing/run-conversation";
import { sqlDumpLead } from "../testing/sql-dump-lead";
import { planAggregateQuery } from "./plan-aggregate-query";

afterAll(async () => {
  await closeIdleQueryEngines();
});

// A software studio: projects hold a client's key and an owning engineer's key. Counted by
// hand: projects launched in 2021 or later: 3 (2021, 2022, 2023); amount launched in 2020:
// 500 + 300 = 800; Acme's projects average (500 + 700) / 2 = 600; senior code scores average
// (80 + 70) / 2 = 75; team Orbit averages (80 + 60) / 2 = 70, team Pulse (70 + 40 + 50) / 3;
// backend has 3 engineers; amount by owner specialty: backend 500 + 700 + 200 = 1400,
// frontend 300 + 100 = 400.
const dump = [
  "CREATE TABLE teams (id integer PRIMARY KEY, name text NOT NULL, city text);",
  "CREATE TABLE clients (id integer PRIMARY KEY, name text NOT NULL, sector text);",
  "CREATE TABLE engineers (id integer PRIMARY KEY, name text NOT NULL, specialty text, level text, code_score integer, team_id integer NOT NULL REFERENCES teams(id));",
  "CREATE TABLE projects (id integer PRIMARY KEY, title text NOT NULL, amount integer NOT NULL, launch_year integer, client_id integer NOT NULL REFERENCES clients(id), owner_id integer NOT NULL REFERENCES engineers(id));",
  "INSERT INTO teams VALUES (1, 'Orbit', 'Porto'), (2, 'Pulse', 'Graz');",
  "INSERT INTO clients VALUES (1, 'Acme Freight', 'logistics'), (2, 'Bluefin Bank', 'finance');",
  "INSERT INTO engineers VALUES (1, 'Ines Moura', 'backend', 'senior', 80, 1), (2, 'Tom Berger', 'frontend', 'junior', 60, 1), (3, 'Eva Lind', 'backend', 'senior', 70, 2), (4, 'Raj Patel', 'backend', 'junior', 40, 2), (5, 'Mo Chen', 'frontend', 'junior', 50, 2);",
  "INSERT INTO projects VALUES (1, 'Route Planner', 500, 2020, 1, 1), (2, 'Card Portal', 300, 2020, 2, 2), (3, 'Fleet Tracker', 700, 2021, 1, 3), (4, 'Ledger Sync', 200, 2022, 2, 4), (5, 'Branch Finder', 100, 2023, 2, 5);",
].join("\n");

const lead = sqlDumpLead(dump);

describe("properties named the ways analysts write them", { timeout: 180_000 }, () => {
  it("reads a year column by the verb of its head, before or after the figure", async () => {
    expect(await lead("How many projects launched in 2021 or later?")).toMatch(/\b3\b/);
    expect(await lead("What is the total amount of the projects launched in 2020?")).toMatch(
      /\b800\b/,
    );
    expect(await lead("2021 年及以后启动的项目有几个？")).toMatch(/\b3\b/);
  });

  it("reads a hyphenated or half-Chinese column name and the size of a money row", async () => {
    expect(await lead("What is the average size of an Acme Freight project?")).toMatch(/\b600\b/);
    expect(await lead("高级（senior）工程师的平均 code 分数是多少？")).toMatch(/\b75\b/);
    expect(
      await lead("Which team has the highest average code-score among its engineers?"),
    ).toMatch(/Orbit/);
  });

  it("groups by a property a plain word narrows, along a foreign key", async () => {
    expect(await lead("Which main specialty has the most engineers?")).toMatch(/^backend\b/);
    expect(
      await lead(
        "Which engineering specialty brings in the most project money (by the owner's specialty)?",
      ),
    ).toMatch(/^backend\b/);
    expect(await lead("按负责人所在团队汇总项目经费，哪个团队拿到的最多？")).toMatch(/Pulse/);
  });
});

// Projects hold a key to their owner and a link table lists their members: "how many projects
// did X work on" may mean either, so the aggregate leaves it to the other readings.
const membersDump = [
  dump,
  "CREATE TABLE project_members (project_id integer NOT NULL REFERENCES projects(id), engineer_id integer NOT NULL REFERENCES engineers(id), PRIMARY KEY (project_id, engineer_id));",
  "INSERT INTO project_members VALUES (1, 2), (3, 2), (4, 1);",
].join("\n");

describe("a share of the rows whose key names a row with a value", { timeout: 120_000 }, () => {
  it("counts the whole's rows by the value of the row each one's key names", async () => {
    // Projects of finance clients: 2, 4 and 5 of 5.
    expect(await lead("金融（finance）客户的项目占全部项目的比例是多少？")).toMatch(/0\.6000/);
    expect(await lead("由 finance 客户委托的项目占所有项目的比例是多少？")).toMatch(/0\.6000/);
  });
});

describe("a count by a named node reachable by key and by link table", { timeout: 120_000 }, () => {
  it("is not read as the rows holding the key", async () => {
    const { graph } = await constructGraph({ kind: "sql", text: membersDump });
    const loaded = new LoadedGraph({
      version: 1,
      origin: { kind: "construction", datasetId: "ds", revision: 1 },
      graph,
    });
    const schema = JSON.parse(JSON.stringify(describeGraphSchema(loaded)));
    const entities = [{ surface: "Tom Berger", id: "engineers:2", type: "engineers" }];
    for (const question of [
      "Tom Berger 参与了几个项目？",
      "How many projects did Tom Berger work on?",
    ])
      expect(planAggregateQuery({ question, schema, entities })?.sql ?? null).toBeNull();
  });

  it("counts the member links of a node called a co-operating member, not its partners", async () => {
    const { answer } = await runConversation({
      question: "Tom Berger 作为合作成员参与了几个项目？",
      state: attachedKarateState(),
      engine: await analysisGraphEngine({ kind: "sql", text: membersDump }),
    });
    expect(answer.split("\n")[0]).toMatch(/\b2\b/);
  });
});
