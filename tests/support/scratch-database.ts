import { randomUUID } from "node:crypto";
import pg from "pg";

/** Creates an empty database beside the suite's own; returns its URL and a drop function. */
export async function createScratchDatabase(baseUrl: string) {
  const name = `workbench_scratch_${randomUUID().replaceAll("-", "").slice(0, 12)}`;
  const admin = new URL(baseUrl);
  admin.pathname = "/postgres";
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: admin.toString() });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    connectionString: url.toString(),
    drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
