import { spawn } from "node:child_process";
import { once } from "node:events";
import { chmod, mkdir, mkdtemp, rm } from "node:fs/promises";
import path from "node:path";
import { createInterface } from "node:readline";
import pg from "pg";

/** A fresh PostgreSQL database with a small shop schema, for "Connect a database". */
export type SourceDatabase = {
  /** Its URL, with the password when the server has one. */
  url: string;
  /** The same server with a database name that does not exist. */
  missingDatabaseUrl: string;
  /** The same login with a wrong password. */
  wrongPasswordUrl: string;
  /** Whether the server checks passwords (a loopback `trust` server lets any password in). */
  checksPasswords: boolean;
  /** The tables a build reads, in the order Test connection lists them. */
  tables: string[];
  nodes: number;
  edges: number;
  drop(): Promise<void>;
};

// 3 customers, 2 products, 4 orders are nodes; each order's customer (4) and each order line
// of the order_items link table (5) are edges.
const schema = `
  CREATE TABLE customers (id integer PRIMARY KEY, name text NOT NULL);
  CREATE TABLE products (id integer PRIMARY KEY, title text NOT NULL, price numeric);
  CREATE TABLE orders (id integer PRIMARY KEY, customer_id integer NOT NULL REFERENCES customers(id));
  CREATE TABLE order_items (
    order_id integer REFERENCES orders(id),
    product_id integer REFERENCES products(id),
    quantity integer,
    PRIMARY KEY (order_id, product_id)
  );
  INSERT INTO customers VALUES (1, 'Ada'), (2, 'Bo'), (3, 'Cy');
  INSERT INTO products VALUES (10, 'Lamp', 19.5), (11, 'Desk', 120);
  INSERT INTO orders VALUES (100, 1), (101, 1), (102, 2), (103, 3);
  INSERT INTO order_items VALUES (100, 10, 1), (100, 11, 2), (101, 10, 1), (102, 11, 1), (103, 10, 4);
`;

async function execute(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function refusesLogin(url: string): Promise<boolean> {
  try {
    await execute(url, "SELECT 1");
    return false;
  } catch {
    return true;
  }
}

/**
 * Starts the scratch server in a child process (source-database-server.mts), which loads the
 * server-only lib/db with the react-server condition, and resolves once it printed its URL.
 */
async function startScratchServer(input: { directory: string; port: number }) {
  const child = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      "--conditions=react-server",
      path.resolve(__dirname, "source-database-server.mts"),
      input.directory,
      String(input.port),
    ],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  const exited = once(child, "exit").then(() => {
    throw new Error("The scratch PostgreSQL exited before it was ready.");
  });
  const ready = (async () => {
    for await (const line of createInterface({ input: child.stdout })) {
      if (line.startsWith("{")) return (JSON.parse(line) as { url: string }).url;
    }
    throw new Error("The scratch PostgreSQL closed its output before it was ready.");
  })();
  const url = await Promise.race([ready, exited]);
  return {
    url,
    async stop() {
      if (child.exitCode !== null) return;
      const gone = once(child, "exit");
      child.kill("SIGTERM");
      await gone;
    },
  };
}

/**
 * A fresh database on the PostgreSQL the suite runs on (TEST_DATABASE_URL, the server the app
 * under test uses too); without one, on a scratch embedded PostgreSQL with password
 * (scram-sha-256) logins.
 */
export async function createSourceDatabase(): Promise<SourceDatabase> {
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const database = `gw_e2e_source_${suffix}`;
  let adminUrl = process.env.TEST_DATABASE_URL;
  let stopServer = async () => {};
  if (!adminUrl) {
    await mkdir(".data/e2e-sources", { recursive: true });
    const directory = await mkdtemp(path.resolve(".data/e2e-sources/server-"));
    // As root the server runs as `postgres`, which must be able to enter the directory.
    await chmod(directory, 0o755);
    const server = await startScratchServer({ directory, port: 54381 });
    adminUrl = server.url;
    stopServer = async () => {
      await server.stop();
      await rm(directory, { recursive: true, force: true });
    };
  }
  await execute(adminUrl, `CREATE DATABASE ${database}`);
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  await execute(url.toString(), schema);
  const missing = new URL(url);
  missing.pathname = `/gw_e2e_missing_${suffix}`;
  const wrong = new URL(url);
  wrong.password = "not-the-password-42";
  return {
    url: url.toString(),
    missingDatabaseUrl: missing.toString(),
    wrongPasswordUrl: wrong.toString(),
    checksPasswords: await refusesLogin(wrong.toString()),
    tables: ["customers", "order_items", "orders", "products"],
    nodes: 3 + 2 + 4,
    edges: 4 + 5,
    drop: async () => {
      await execute(adminUrl, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await stopServer();
    },
  };
}
