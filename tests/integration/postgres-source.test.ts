import { randomUUID } from "node:crypto";
import { chmod, mkdir, mkdtemp, readFile, rm } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as constructRoute from "@/app/api/datasets/[dataset_id]/construct/route";
import * as datasetsRoute from "@/app/api/projects/[project_id]/datasets/route";
import * as testSourceRoute from "@/app/api/projects/[project_id]/datasets/test-source/route";
import { type EmbeddedPostgresHandle, startEmbeddedPostgres } from "@/lib/db/embedded-postgres";
import { findDatasetSource } from "@/lib/db/queries/dataset-sources";
import { insertUser } from "@/lib/db/queries/users";
import { constructFromSql } from "@/lib/engine/construction/sql/construct-from-sql";
import type { GraphData } from "@/lib/engine/graph/graph-data";
import type { PostgresSourceRequest } from "@/lib/postgres-sources/open-postgres-source";
import { readPostgresSourceUrl } from "@/lib/postgres-sources/postgres-source-url";
import { readPostgresSource } from "@/lib/postgres-sources/read-postgres-source";
import { createProject } from "@/lib/projects/create-project";
import { actingAs, routeContext } from "../support/route-request";

// A live PostgreSQL as a dataset source (docs/datasets.md): the suite's own server
// holds a second database loaded with the shop dump, and reading it live must give exactly the
// graph the dump gives through the SQL sandbox — two independent routes to one answer.
const fixtures = path.resolve(import.meta.dirname, "../fixtures");
const databaseName = `gw_source_${randomUUID().replaceAll("-", "").slice(0, 12)}`;
let shopDump: string;
let sourceUrl: string;
let admin: pg.Client;

function requestFor(
  url: string,
  extra: Partial<PostgresSourceRequest> = {},
): PostgresSourceRequest {
  return { url, address: readPostgresSourceUrl(url), schema: "public", ...extra };
}

function shape(graph: GraphData) {
  return {
    directed: graph.directed,
    nodes: graph.nodeIds.map((id, index) => [
      id,
      graph.nodeLabels[index],
      graph.nodeTypeNames[graph.nodeTypeIndex[index]],
      graph.nodeProperties[index],
    ]),
    edges: [...graph.edgeSources].map((source, index) => [
      graph.nodeIds[source],
      graph.nodeIds[graph.edgeTargets[index]],
      graph.edgeTypeNames[graph.edgeTypeIndex[index]],
      graph.edgeProperties[index],
    ]),
  };
}

beforeAll(async () => {
  shopDump = await readFile(path.join(fixtures, "shop.sql"), "utf8");
  admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${databaseName}`);
  const url = new URL(process.env.DATABASE_URL as string);
  url.pathname = `/${databaseName}`;
  sourceUrl = url.toString();
  const loader = new pg.Client({ connectionString: sourceUrl });
  await loader.connect();
  await loader.query(shopDump);
  await loader.query(
    "CREATE SCHEMA archive; CREATE TABLE archive.notes (id integer PRIMARY KEY, body text)",
  );
  await loader.end();
});

afterAll(async () => {
  await admin?.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
  await admin?.end();
});

describe("a live PostgreSQL as a dataset source", () => {
  it("reads the same graph as the dump of the same data", async () => {
    const live = await readPostgresSource({
      request: requestFor(sourceUrl),
      statementTimeoutMs: 30_000,
    });
    const dumped = await constructFromSql({ text: shopDump });
    expect(shape(live.graph)).toEqual(shape(dumped.graph));
    expect(live.graph.nodeIds).toContain("customers:7");
    // Only the named schema becomes the graph.
    expect(live.graph.nodeTypeNames).not.toContain("archive.notes");
  });

  it("reads only the named tables when told which", async () => {
    const live = await readPostgresSource({
      request: requestFor(sourceUrl, { tables: ["customers", "orders"] }),
      statementTimeoutMs: 30_000,
    });
    expect([...new Set(live.graph.nodeTypeNames)].sort()).toEqual(["customers", "orders"]);
    expect(live.graph.edgeTypeNames).toEqual(["orders.customer_id"]);
  });

  it("refuses an unreachable host, a refused login, a missing database, schema or table in one sentence of its own", async () => {
    const refusal = async (url: string, extra: Partial<PostgresSourceRequest> = {}) => {
      try {
        await readPostgresSource({ request: requestFor(url, extra), statementTimeoutMs: 5_000 });
      } catch (error) {
        return error as { code: string; message: string; status: number };
      }
      throw new Error("expected a refusal");
    };
    const closed = await refusal("postgres://someone:s3cret-pass@127.0.0.1:1/anything");
    expect(closed).toMatchObject({ code: "SOURCE_UNAVAILABLE", status: 422 });
    expect(closed.message).toBe(
      "Nothing accepts connections at 127.0.0.1:1: is PostgreSQL running there?",
    );
    const url = new URL(sourceUrl);
    url.username = "nobody_here";
    url.password = "s3cret-pass";
    const login = await refusal(url.toString());
    expect(login.message).toMatch(/refused the login of "nobody_here"/);
    expect(login.message).not.toContain("s3cret-pass");
    const missing = new URL(sourceUrl);
    missing.pathname = "/no_such_database_here";
    expect((await refusal(missing.toString())).message).toMatch(
      /"no_such_database_here" does not exist/,
    );
    expect((await refusal(sourceUrl, { schema: "sales" })).message).toBe(
      `The schema "sales" does not exist in "${databaseName}".`,
    );
    expect((await refusal(sourceUrl, { tables: ["customers", "invoices"] })).message).toMatch(
      /has no table "invoices"/,
    );
  });

  it("reads in a read-only transaction: the source is never written", async () => {
    // A source whose tables a build could write would be a bug: the transaction refuses writes.
    const client = new pg.Client({ connectionString: sourceUrl });
    await client.connect();
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    await expect(client.query("DELETE FROM order_items")).rejects.toMatchObject({ code: "25006" });
    await client.query("ROLLBACK");
    const rows = await client.query("SELECT count(*)::int AS n FROM order_items");
    await client.end();
    expect(rows.rows[0].n).toBeGreaterThan(0);
  });
});

describe("a live source through the datasets route", () => {
  let userId: string;
  let projectId: string;

  beforeAll(async () => {
    const user = await insertUser({ email: `source-${randomUUID()}@test.local`, displayName: "a" });
    userId = user.id;
    projectId = (await createProject({ ownerId: userId, name: "sources" })).project_id;
  });

  async function add(body: unknown) {
    const response = await datasetsRoute.POST(
      new Request(`http://test.local/api/projects/${projectId}/datasets`, {
        method: "POST",
        body: JSON.stringify(body),
        headers: { ...actingAs(userId), "content-type": "application/json" },
      }),
      routeContext({ project_id: projectId }),
    );
    return { status: response.status, body: await response.json() };
  }

  async function construct(datasetId: string) {
    const response = await constructRoute.POST(
      new Request("http://test.local/x", { method: "POST", headers: actingAs(userId), body: "{}" }),
      routeContext({ dataset_id: datasetId }),
    );
    return { status: response.status, body: await response.json() };
  }

  it("adds the source with its password encrypted, and each construct reads the data as it is then", async () => {
    const added = await add({ source: { kind: "postgres", url: sourceUrl } });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ kind: "postgres", status: "uploaded" });
    // Shown without its password; stored only encrypted.
    const shown = new URL(sourceUrl);
    shown.password = "";
    expect(added.body.original_filename).toBe(shown.toString());
    const stored = await findDatasetSource({ ownerId: userId, datasetId: added.body.dataset_id });
    expect(stored?.encryptedUrl).toMatch(/^v1:/);
    expect(stored?.encryptedUrl).not.toContain(databaseName);
    expect(stored?.shownUrl).toBe(shown.toString());
    const first = await construct(added.body.dataset_id);
    expect(first.status).toBe(200);
    expect(first.body.construction).toMatchObject({ revision: 1, status: "ready", directed: true });
    const customers = first.body.construction.node_types.customers;
    const writer = new pg.Client({ connectionString: sourceUrl });
    await writer.connect();
    await writer.query("INSERT INTO customers VALUES (9001, 'Newcomer', 'Oslo', 'retail')");
    await writer.end();
    const second = await construct(added.body.dataset_id);
    expect(second.body.construction).toMatchObject({ revision: 2, status: "ready" });
    expect(second.body.construction.node_types.customers).toBe(customers + 1);
    // The source dropped: the build fails SOURCE_UNAVAILABLE (never a parse error of a "file"),
    // and revision 2 stays the ready one.
    const moved = await findDatasetSource({ ownerId: userId, datasetId: added.body.dataset_id });
    expect(moved).not.toBeNull();
    const dropper = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await dropper.connect();
    await dropper.query(`ALTER DATABASE ${databaseName} RENAME TO ${databaseName}_moved`);
    try {
      const third = await construct(added.body.dataset_id);
      expect(third.status).toBe(422);
      expect(third.body.error).toMatchObject({ code: "SOURCE_UNAVAILABLE" });
      expect(third.body.error.message).toMatch(/does not exist/);
    } finally {
      await dropper.query(`ALTER DATABASE ${databaseName}_moved RENAME TO ${databaseName}`);
      await dropper.end();
    }
  });

  it("tests a connection without adding anything: the tables a build would read, or why not", async () => {
    const test = async (source: Record<string, unknown>) => {
      const response = await testSourceRoute.POST(
        new Request(`http://test.local/api/projects/${projectId}/datasets/test-source`, {
          method: "POST",
          body: JSON.stringify({ source: { kind: "postgres", ...source } }),
          headers: { ...actingAs(userId), "content-type": "application/json" },
        }),
        routeContext({ project_id: projectId }),
      );
      return { status: response.status, body: await response.json() };
    };
    const ok = await test({ url: sourceUrl });
    expect(ok.status).toBe(200);
    expect(ok.body.tables).toEqual(["customers", "order_items", "orders", "products"]);
    const some = await test({ url: sourceUrl, tables: ["orders"] });
    expect(some.body.tables).toEqual(["orders"]);
    const archive = await test({ url: sourceUrl, schema: "archive" });
    expect(archive.body.tables).toEqual(["notes"]);
    const refused = await test({ url: "postgres://a:pw-hidden@127.0.0.1:1/db" });
    expect(refused.status).toBe(422);
    expect(JSON.stringify(refused.body)).not.toContain("pw-hidden");
  });

  it("refuses a source it cannot read before creating anything, and the workbench's own database", async () => {
    const before = (await datasetsRoute
      .GET(
        new Request("http://test.local/x", { headers: actingAs(userId) }),
        routeContext({ project_id: projectId }),
      )
      .then((response) => response.json())) as { datasets: unknown[] };
    const unreachable = await add({
      source: { kind: "postgres", url: "postgres://a:secret-pw@127.0.0.1:1/db" },
    });
    expect(unreachable.status).toBe(422);
    expect(unreachable.body.error.code).toBe("SOURCE_UNAVAILABLE");
    expect(JSON.stringify(unreachable.body)).not.toContain("secret-pw");
    const noSchema = await add({ source: { kind: "postgres", url: sourceUrl, schema: "sales" } });
    expect(noSchema.body.error).toMatchObject({ code: "SOURCE_UNAVAILABLE" });
    const own = await add({ source: { kind: "postgres", url: process.env.DATABASE_URL } });
    expect(own.status).toBe(400);
    expect(own.body.error.code).toBe("INVALID_REQUEST");
    const hostile = await add({ source: { kind: "postgres", url: "file:///etc/passwd" } });
    expect(hostile.status).toBe(400);
    const after = (await datasetsRoute
      .GET(
        new Request("http://test.local/x", { headers: actingAs(userId) }),
        routeContext({ project_id: projectId }),
      )
      .then((response) => response.json())) as { datasets: unknown[] };
    expect(after.datasets.length).toBe(before.datasets.length);
  });
});

describe("a source behind password authentication", () => {
  // The suite's server may trust every loopback login, so a wrong password is never refused
  // there: a PostgreSQL of its own with scram-sha-256 (the embedded server's setup) stands in
  // for a real remote database.
  let server: EmbeddedPostgresHandle;
  let directory: string;
  let goodUrl: string;
  let wrongUrl: string;
  let userId: string;
  let projectId: string;
  const wrongPassword = "Wr0ng-pa55word-never-shown";

  beforeAll(async () => {
    await mkdir(".data/test", { recursive: true });
    directory = await mkdtemp(path.resolve(".data/test/source-scram-"));
    // As root the server runs as `postgres`, which must be able to enter the directory.
    await chmod(directory, 0o755);
    server = await startEmbeddedPostgres({ directory, port: 54371, database: "ledger" });
    const loader = new pg.Client({ connectionString: server.connectionString });
    await loader.connect();
    await loader.query(
      `CREATE TABLE accounts (id integer PRIMARY KEY, name text);
       CREATE TABLE transfers (id integer PRIMARY KEY, source_id integer REFERENCES accounts(id),
         target_id integer REFERENCES accounts(id), amount numeric);
       INSERT INTO accounts VALUES (1, 'Ada'), (2, 'Bo'), (3, 'Cy');
       INSERT INTO transfers VALUES (10, 1, 2, 5.5), (11, 2, 3, 7), (12, 3, 1, 1.25);`,
    );
    await loader.end();
    goodUrl = server.connectionString;
    const wrong = new URL(goodUrl);
    wrong.password = wrongPassword;
    wrongUrl = wrong.toString();
    userId = (await insertUser({ email: `scram-${randomUUID()}@test.local`, displayName: "s" })).id;
    projectId = (await createProject({ ownerId: userId, name: "scram" })).project_id;
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    if (directory) await rm(directory, { recursive: true, force: true });
  });

  /** Neither the password nor anything the server said may reach the analyst. */
  function expectNothingOfTheServer(text: string) {
    expect(text).not.toContain(wrongPassword);
    expect(text).not.toContain(encodeURIComponent(wrongPassword));
    expect(text).not.toMatch(/FATAL|password authentication failed|PostgreSQL \d|SCRAM|pg_hba/i);
  }

  async function post(route: "add" | "test", source: Record<string, unknown>) {
    const handler = route === "add" ? datasetsRoute.POST : testSourceRoute.POST;
    const response = await handler(
      new Request(
        `http://test.local/api/projects/${projectId}/datasets${route === "test" ? "/test-source" : ""}`,
        {
          method: "POST",
          body: JSON.stringify({ source: { kind: "postgres", ...source } }),
          headers: { ...actingAs(userId), "content-type": "application/json" },
        },
      ),
      routeContext({ project_id: projectId }),
    );
    return { status: response.status, text: await response.text() };
  }

  it("refuses a wrong password SOURCE_UNAVAILABLE in a sentence of ours, and the right one reads", async () => {
    let refusal: { code: string; message: string; status: number } | undefined;
    try {
      await readPostgresSource({ request: requestFor(wrongUrl), statementTimeoutMs: 5_000 });
    } catch (error) {
      refusal = error as typeof refusal;
    }
    expect(refusal).toMatchObject({ code: "SOURCE_UNAVAILABLE", status: 422 });
    expect(refusal?.message).toBe(
      `The database at 127.0.0.1:${server.port} refused the login of "workbench".`,
    );
    expectNothingOfTheServer(JSON.stringify(refusal));

    for (const route of ["test", "add"] as const) {
      const refused = await post(route, { url: wrongUrl });
      expect(refused.status, route).toBe(422);
      expect(JSON.parse(refused.text).error).toMatchObject({ code: "SOURCE_UNAVAILABLE" });
      expectNothingOfTheServer(refused.text);
    }
    // The same server with the right password: the refusal was the password's.
    const tested = await post("test", { url: goodUrl });
    expect(tested.status).toBe(200);
    expect(JSON.parse(tested.text).tables).toEqual(["accounts", "transfers"]);
  });

  it("fails a later build SOURCE_UNAVAILABLE when the password was changed since", async () => {
    const added = await post("add", { url: goodUrl });
    expect(added.status).toBe(201);
    const datasetId = JSON.parse(added.text).dataset_id as string;
    const admin = new pg.Client({ connectionString: goodUrl });
    await admin.connect();
    const password = new URL(goodUrl).password;
    try {
      await admin.query(`ALTER ROLE workbench PASSWORD '${wrongPassword}'`);
      const response = await constructRoute.POST(
        new Request("http://test.local/x", {
          method: "POST",
          headers: actingAs(userId),
          body: "{}",
        }),
        routeContext({ dataset_id: datasetId }),
      );
      const text = await response.text();
      expect(response.status).toBe(422);
      expect(JSON.parse(text).error).toMatchObject({
        code: "SOURCE_UNAVAILABLE",
        message: `The database at 127.0.0.1:${server.port} refused the login of "workbench".`,
      });
      expect(text).not.toContain(decodeURIComponent(password));
      expectNothingOfTheServer(text);
    } finally {
      await admin.query(
        `ALTER ROLE workbench PASSWORD '${decodeURIComponent(password).replaceAll("'", "''")}'`,
      );
      await admin.end();
    }
  });
});
