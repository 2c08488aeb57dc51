import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { EngineError } from "../engine-error";
import { GraphBuilder } from "../graph/graph-builder";
import { openQueryEngine } from "./open-query-engine";
import { closeIdleQueryEngines, openQueryEngineCount } from "./query-engine-cache";
import { runGraphQuery } from "./run-graph-query";

function smallGraph() {
  const builder = new GraphBuilder({ directed: false });
  for (let i = 0; i < 40; i++) {
    builder.addEdge(`n${i}`, `n${(i + 1) % 40}`, { type: "link" });
    builder.addNode(`n${i}`, { type: "person", properties: { segment: i % 2 ? "a" : "b" } });
  }
  return builder.build();
}

const graph = smallGraph();
const scratch = mkdtempSync(path.join(tmpdir(), "query-graph-hostile-"));
const written = path.join(scratch, "written");

async function refusal(sql: string): Promise<EngineError> {
  try {
    await runGraphQuery({ graph, sql });
  } catch (error) {
    if (EngineError.isInstance(error)) return error;
    throw error;
  }
  throw new Error(`expected a refusal of: ${sql}`);
}

// Nothing of the host may come back: file contents, home or working directory.
function expectNothingLeaked(error: EngineError) {
  const text = `${error.message} ${JSON.stringify(error.details ?? {})}`;
  expect(text).not.toMatch(/root:x:0:0/);
  expect(text).not.toContain(homedir());
  expect(text).not.toContain(process.cwd());
}

afterAll(async () => {
  await closeIdleQueryEngines();
  rmSync(scratch, { recursive: true, force: true });
});

describe("runGraphQuery refuses SQL that is not one read-only query over the graph", {
  timeout: 30_000,
}, () => {
  const cases: [string, string, RegExp][] = [
    ["COPY", `COPY nodes TO '${written}.csv'`, /COPY statements are not allowed/],
    ["COPY FROM", `COPY person FROM '/etc/passwd'`, /COPY statements are not allowed/],
    ["read_csv", "SELECT * FROM read_csv('/etc/passwd')", /read_csv\(\) is not allowed/],
    ["replacement scan", "SELECT * FROM '/etc/passwd'", /Unknown table "\/etc\/passwd"/],
    ["scalar file read", "SELECT content FROM read_text('/etc/passwd')", /read_text/],
    ["glob", "SELECT * FROM glob('/*')", /glob\(\) is not allowed/],
    ["ATTACH", `ATTACH '${written}.db' AS other`, /ATTACH statements are not allowed/],
    ["INSTALL", "INSTALL httpfs", /INSTALL statements are not allowed/],
    ["LOAD", "LOAD httpfs", /LOAD statements are not allowed/],
    ["pg_read_file", "SELECT pg_read_file('/etc/passwd')", /pg_read_file\(\) is not allowed/],
    ["SET", "SET enable_external_access = true", /SET statements are not allowed/],
    ["RESET", "RESET threads", /RESET statements are not allowed/],
    ["PRAGMA", "PRAGMA database_list", /PRAGMA statements are not allowed/],
    ["CREATE TABLE", "CREATE TABLE copy AS SELECT * FROM nodes", /CREATE statements/],
    ["CREATE MACRO", "CREATE MACRO f(x) AS x", /CREATE statements/],
    ["INSERT", "INSERT INTO person VALUES ('x', 'x', 'a')", /INSERT statements/],
    ["UPDATE", "UPDATE person SET segment = 'c'", /UPDATE statements/],
    ["DELETE", "DELETE FROM person", /DELETE statements/],
    ["DROP", "DROP TABLE person", /DROP statements/],
    ["two statements", "SELECT 1; DROP TABLE person", /Exactly one statement/],
    ["two selects", "SELECT 1; SELECT 2", /Exactly one statement/],
    ["CALL", "CALL duckdb_settings()", /CALL statements/],
    ["EXPORT DATABASE", `EXPORT DATABASE '${written}'`, /EXPORT statements/],
    ["SELECT INTO", "SELECT * INTO stolen FROM nodes", /SELECT INTO not supported/],
    ["FOR UPDATE", "SELECT * FROM nodes FOR UPDATE", /locking clause/],
    ["data-modifying CTE", "WITH x AS (DELETE FROM person RETURNING *) SELECT * FROM x", /parsed/],
    ["duckdb_settings()", "SELECT * FROM duckdb_settings()", /duckdb_settings\(\) is not allowed/],
    ["duckdb_settings view", "SELECT * FROM duckdb_settings", /Unknown table/],
    ["pg_settings", "SELECT * FROM pg_settings", /Unknown table "pg_settings"/],
    ["pg_catalog", "SELECT * FROM pg_catalog.pg_class", /not one of them/],
    ["information_schema", "SELECT * FROM information_schema.tables", /not one of them/],
    ["sqlite_master", "SELECT * FROM sqlite_master", /Unknown table/],
    ["current_setting", "SELECT current_setting('home_directory')", /current_setting\(\)/],
    ["getenv", "SELECT getenv('HOME')", /getenv\(\) is not allowed/],
    ["getvariable", "SELECT getvariable('x')", /getvariable\(\)/],
    ["dynamic SQL", "SELECT * FROM query('SELECT 1')", /query\(\) is not allowed/],
    ["query_table", "SELECT * FROM query_table('nodes')", /query_table\(\) is not allowed/],
    ["catalog-qualified", "SELECT * FROM system.main.duckdb_tables", /not one of them/],
    ["qualified function", "SELECT pg_catalog.pg_sleep(1)", /pg_catalog.pg_sleep is not allowed/],
    ["SHOW", "SHOW DATABASES", /SHOW is not supported|SHOW statements/],
    ["parameters", "SELECT $1", /parameters/],
    ["sleep", "SELECT sleep_ms(100000)", /sleep_ms\(\) is not allowed/],
    // A CTE's name is only in scope inside its own WITH: outside, `duckdb_tables` would be the
    // catalog view of that name.
    [
      "CTE name out of scope",
      "SELECT * FROM (WITH duckdb_tables AS (SELECT 1) SELECT 1) s, duckdb_tables",
      /Unknown table "duckdb_tables"/,
    ],
    ["syntax error", "SELEC 1", /could not be parsed/],
  ];
  for (const [name, sql, reason] of cases) {
    it(`refuses ${name}, saying why`, async () => {
      const error = await refusal(sql);
      expect(error.code).toBe("INVALID_REQUEST");
      expect(error.message).toMatch(reason);
      expectNothingLeaked(error);
    });
  }

  it("wrote no file and left the graph intact", async () => {
    expect(existsSync(`${written}.csv`)).toBe(false);
    expect(existsSync(written)).toBe(false);
    const result = await runGraphQuery({
      graph,
      sql: "SELECT count(*) FROM person WHERE segment = 'a'",
    });
    expect(result.rows).toEqual([[20]]);
  });

  it("allows what a read-only analyst needs: CTEs, recursion, DESCRIBE, unnest, windows", async () => {
    const recursive = await runGraphQuery({
      graph,
      sql: `WITH RECURSIVE walk(id, depth) AS (
              SELECT 'n0', 0 UNION ALL
              SELECT l.target, w.depth + 1 FROM walk w JOIN link l ON l.source = w.id WHERE w.depth < 3)
            SELECT id FROM walk ORDER BY depth`,
    });
    expect(recursive.rows.map((row) => row[0])).toEqual(["n0", "n1", "n2", "n3"]);
    const described = await runGraphQuery({ graph, sql: "DESCRIBE person" });
    expect(described.rows.map((row) => row[0])).toEqual(["id", "label", "segment"]);
    const windowed = await runGraphQuery({
      graph,
      sql: `SELECT segment, id, row_number() OVER (PARTITION BY segment ORDER BY id) AS r
            FROM person QUALIFY r = 1 ORDER BY segment`,
    });
    expect(windowed.rows).toEqual([
      ["a", "n1", 1],
      ["b", "n0", 1],
    ]);
    const unnested = await runGraphQuery({ graph, sql: "SELECT * FROM unnest([1, 2, 3])" });
    expect(unnested.row_count).toBe(3);
  });
});

describe("runGraphQuery limits", { timeout: 30_000 }, () => {
  it("stops a runaway cross join at the time limit, and the next query still works", async () => {
    const started = Date.now();
    let error: EngineError | null = null;
    try {
      await runGraphQuery({
        graph,
        sql: `SELECT count(*) FROM nodes a, nodes b, nodes c, nodes d, nodes e, nodes f
              WHERE a.id || b.id || c.id < d.id || e.id || f.id`,
        timeoutMs: 1000,
      });
    } catch (caught) {
      if (EngineError.isInstance(caught)) error = caught;
    }
    expect(error?.code).toBe("INVALID_REQUEST");
    expect(error?.message).toMatch(/1 s limit/);
    expect(error?.details).toMatchObject({ limit: "time", timeout_ms: 1000 });
    expect(Date.now() - started).toBeLessThan(6000);
    const next = await runGraphQuery({ graph, sql: "SELECT count(*) FROM edges" });
    expect(next.rows).toEqual([[40]]);
  });

  it("kills the engine process when DuckDB cannot be interrupted (one huge function call)", async () => {
    const started = Date.now();
    // One list_sort over 50 million values checks for no interrupt: ~30 s on this machine.
    const error = await runGraphQuery({
      graph,
      sql: "SELECT len(list_sort(range(50000000)))",
      timeoutMs: 500,
    }).catch((caught: unknown) => caught);
    expect(EngineError.isInstance(error) && error.details).toMatchObject({ limit: "time" });
    expect(Date.now() - started).toBeLessThan(8000);
    const next = await runGraphQuery({ graph, sql: "SELECT count(*) FROM person" });
    expect(next.rows).toEqual([[40]]);
    expect(openQueryEngineCount()).toBe(1);
  });

  it("stops a query when its signal is aborted (JOB_CANCELLED)", async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    const error = await runGraphQuery({
      graph,
      sql: "SELECT count(*) FROM nodes a, nodes b, nodes c, nodes d, nodes e, nodes f WHERE a.id || f.id > b.id",
      signal: controller.signal,
    }).catch((caught: unknown) => caught);
    expect(EngineError.isInstance(error) && error.code).toBe("JOB_CANCELLED");
  });
});

// The engine's own sandbox, without the parse-tree check in front of it.
describe("the query engine itself", () => {
  it("cannot read files, change its settings, or tell where the host keeps things", async () => {
    const instance = await openQueryEngine();
    const connection = await instance.connect();
    try {
      await expect(connection.run("SELECT * FROM read_csv('/etc/passwd')")).rejects.toThrow(
        /disabled by configuration/,
      );
      await expect(connection.run("SELECT * FROM '/etc/passwd'")).rejects.toThrow();
      await expect(connection.run(`COPY (SELECT 1) TO '${written}.csv'`)).rejects.toThrow();
      await expect(connection.run(`ATTACH '${written}.db'`)).rejects.toThrow();
      await expect(connection.run("INSTALL httpfs")).rejects.toThrow();
      await expect(connection.run("SET enable_external_access = true")).rejects.toThrow(/locked/);
      const settings = await connection.runAndReadAll("SELECT name, value FROM duckdb_settings()");
      const text = JSON.stringify(settings.getRowsJson());
      expect(text).not.toContain(homedir());
      expect(text).not.toContain(process.cwd());
      await connection.run("CREATE TABLE t (a INTEGER)");
      await connection.run("BEGIN TRANSACTION READ ONLY");
      await expect(connection.run("INSERT INTO t VALUES (1)")).rejects.toThrow(/read-only/);
      expect(existsSync(`${written}.csv`)).toBe(false);
    } finally {
      connection.closeSync();
      instance.closeSync();
    }
  });
});
