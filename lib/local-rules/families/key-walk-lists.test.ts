import { afterAll, describe, expect, it } from "vitest";
import { closeIdleQueryEngines } from "@/lib/engine/query/query-engine-cache";
import { sqlDumpLead } from "../testing/sql-dump-lead";

afterAll(async () => {
  await closeIdleQueryEngines();
});

// Staff with their managers: Zoe reports to Yan, who reports to Xia; everyone sits in one
// office, so a walk over every link would reach the office and all its staff.
const dump = [
  "CREATE TABLE offices (id integer PRIMARY KEY, name text NOT NULL);",
  "CREATE TABLE employees (id integer PRIMARY KEY, name text NOT NULL, office_id integer REFERENCES offices(id), manager_id integer REFERENCES employees(id));",
  "INSERT INTO offices VALUES (1, 'Harbour House');",
  "INSERT INTO employees VALUES (1, 'Xia Lund', 1, NULL), (2, 'Yan Brook', 1, 1), (3, 'Zoe Marsh', 1, 2), (4, 'Ola Reed', 1, NULL);",
].join("\n");

const lead = sqlDumpLead(dump);

describe("the rows a walk up a self-referencing key reaches", { timeout: 120_000 }, () => {
  it("lists or counts them, the key named in English or Chinese", async () => {
    const reached = /\b2\b.*employees:1.*employees:2|\b2\b.*employees:2.*employees:1/;
    expect(
      await lead("Following manager links upwards from Zoe Marsh, which employees do you reach?"),
    ).toMatch(reached);
    expect(await lead("顺着上级关系往上追溯，Zoe Marsh 一共能追到几位员工？")).toMatch(reached);
  });
});
