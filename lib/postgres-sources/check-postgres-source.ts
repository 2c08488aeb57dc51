import "server-only";
import type { PostgresSourceBody } from "@/lib/contracts/postgres-source";
import { getDatabaseConnection } from "@/lib/db/database-connection";
import { InvalidRequestError } from "@/lib/errors/http-errors";
import { getProjectOrThrow } from "@/lib/projects/get-project-or-throw";
import { openPostgresSource } from "./open-postgres-source";
import { isWorkbenchDatabase, readPostgresSourceUrl } from "./postgres-source-url";

/**
 * Tries a live source the way a build will read it: the owner's project, a PostgreSQL URL that is
 * not the workbench's own database, a login the server accepts, the schema and the named tables.
 * Answers the tables a build would read; SOURCE_UNAVAILABLE or INVALID_REQUEST say what is wrong.
 */
export async function checkPostgresSource(input: {
  ownerId: string;
  projectId: string;
  body: PostgresSourceBody;
}) {
  await getProjectOrThrow({ ownerId: input.ownerId, projectId: input.projectId });
  const { source } = input.body;
  const address = readPostgresSourceUrl(source.url);
  const own = await getDatabaseConnection();
  if (isWorkbenchDatabase({ source: address, workbenchConnectionString: own.connectionString })) {
    throw new InvalidRequestError(
      "That is the workbench's own database: name another database as a source.",
    );
  }
  const client = await openPostgresSource({
    url: source.url,
    address,
    schema: source.schema,
    tables: source.tables,
  });
  try {
    const listed = await client.query<{ relname: string }>(
      `SELECT c.relname FROM pg_catalog.pg_class c
       JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = $1 AND c.relkind IN ('r', 'p') AND NOT c.relispartition
       ORDER BY c.relname`,
      [source.schema],
    );
    const all = listed.rows.map((row) => row.relname);
    const tables = source.tables ? all.filter((name) => source.tables?.includes(name)) : all;
    return { address, tables };
  } finally {
    await client.end().catch(() => undefined);
  }
}
