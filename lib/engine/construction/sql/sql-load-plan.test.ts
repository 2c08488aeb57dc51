import { describe, expect, it } from "vitest";
import { EngineError } from "../../engine-error";
import { buildSqlLoadPlan } from "./sql-load-plan";
import { hrDump } from "./test-dumps";

async function errorOf(text: string): Promise<EngineError> {
  try {
    await buildSqlLoadPlan({ text });
  } catch (error) {
    if (EngineError.isInstance(error)) return error;
    throw error;
  }
  throw new Error(`expected a refusal of: ${text}`);
}

const table = "CREATE TABLE t (a int, b text);\n";

describe("buildSqlLoadPlan", () => {
  it("accepts a pg_dump-style dump, running only what matters", async () => {
    const plan = await buildSqlLoadPlan({ text: hrDump });
    expect(plan.copyBlocks).toBe(2);
    const copies = plan.steps.filter((step) => step.kind === "copy");
    expect(copies[0]).toMatchObject({
      statement: {
        sql: `COPY "hr"."employees" ("id", "name", "manager_id", "email", "mood", "active", "salary", "badge") FROM '/dev/blob'`,
      },
      dataLine: hrDump.split("\n").findIndex((line) => line.startsWith("1\tAda")) + 1,
    });
    expect(copies[0].kind === "copy" && copies[0].data.split("\n")).toHaveLength(5);
    const executed = plan.steps.flatMap((step) =>
      step.kind === "sql" ? step.statements.map((s) => s.sql.trim().split(/\s+/)[0]) : [],
    );
    expect(executed).not.toContain("GRANT");
    expect(executed).not.toContain("COMMENT");
    expect(plan.ignored).toBeGreaterThan(10);
  });

  it.each([
    ["COPY t FROM PROGRAM 'id';", /COPY … FROM PROGRAM/],
    ["COPY t FROM '/etc/passwd';", /COPY … FROM a file/],
    ["COPY t TO STDOUT;", /COPY … TO/],
    ["COPY t FROM stdin WHERE pg_sleep(1) IS NULL;\n\\.\n", /COPY … WHERE/],
    ["COPY (SELECT 1) TO PROGRAM 'id';", /COPY … TO/],
    ["CREATE EXTENSION file_fdw;", /CREATE EXTENSION/],
    ["CREATE FUNCTION f() RETURNS int AS $$ SELECT 1 $$ LANGUAGE sql;", /CREATE FUNCTION/],
    ["DO $$ BEGIN PERFORM pg_sleep(600); END $$;", /DO/],
    ["SELECT pg_sleep(600);", /pg_sleep/],
    ["SELECT * FROM t;", /SELECT/],
    ["SELECT pg_catalog.set_config('session_preload_libraries', 'x', false);", /set_config/],
    ["DROP TABLE t;", /DROP/],
    ["INSERT INTO t SELECT generate_series(1, 1000000000), 'x';", /INSERT … SELECT/],
    ["INSERT INTO t VALUES (1, (SELECT 'x'));", /subquery/],
    ["INSERT INTO t VALUES (pg_sleep(600)::int, 'x');", /pg_sleep/],
    ["CREATE TABLE u (a int DEFAULT pg_catalog.pg_sleep(600));", /pg_sleep/],
    ["CREATE TABLE u (a text GENERATED ALWAYS AS (repeat('x', 1e9::int)) STORED);", /repeat/],
    ["CREATE TABLE u AS SELECT 1;", /CREATE TABLE … AS/],
    ["CREATE VIEW v AS SELECT 1;", /VIEW/],
    ["SET standard_conforming_strings = off;", /standard_conforming_strings/],
    ["SET dynamic_library_path = '/tmp';", /dynamic_library_path/],
    ["ALTER TABLE t ADD COLUMN c int;", /ALTER TABLE/],
    ["ALTER SYSTEM SET work_mem = '1GB';", /ALTER SYSTEM/],
    ["ROLLBACK;", /transaction control/],
    ["\\! id", /\\!/],
    ["\\copy t from '/etc/passwd'", /\\copy/],
  ])("refuses %s", async (statement, pattern) => {
    const error = await errorOf(`${table}${statement}\n`);
    expect(error.code).toBe("UNSUPPORTED_FILE");
    expect(error.message).toMatch(pattern);
    expect(error.details).toMatchObject({ line: 2 });
  });

  it("reports syntax errors and truncation with line and column", async () => {
    const syntax = await errorOf(`${table}INSERT INTO t VALUES (1, 'x') 'y';\n`);
    expect(syntax.code).toBe("PARSE_ERROR");
    expect(syntax.details).toMatchObject({ line: 2, column: 31 });
    const unterminated = await errorOf(`${table}INSERT INTO t VALUES (1, 'x`);
    expect(unterminated.details).toMatchObject({ line: 2, column: 26 });
    const copy = await errorOf(`${table}COPY t (a, b) FROM stdin;\n1\tx\n2\ty\n`);
    expect(copy.details).toMatchObject({ line: 3 });
    expect(copy.message).toMatch(/no end marker/);
    const dollar = await errorOf(`${table}COMMENT ON TABLE t IS $x$ cut`);
    expect(dollar.details).toMatchObject({ line: 2, column: 23 });
  });

  it("keeps quoted semicolons, comments and dollar quotes inside one statement", async () => {
    const plan = await buildSqlLoadPlan({
      text: `${table}INSERT INTO t VALUES (1, 'a;b'), (2, E'c\\';d'), (3, $q$e;f$q$) /* ; */ -- ;\n;\nINSERT INTO "t" VALUES (4, 'é');`.concat(
        "\n",
      ),
    });
    const statements = plan.steps.flatMap((step) => (step.kind === "sql" ? step.statements : []));
    expect(statements).toHaveLength(3);
    expect(statements[2]).toMatchObject({ line: 4 });
  });
});
