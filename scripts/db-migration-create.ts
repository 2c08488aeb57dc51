// Creates the next migration from prisma/schema.prisma, like `prisma migrate dev --create-only`,
// without the Prisma CLI (it cannot download its schema engine offline):
//   npx tsx --conditions=react-server scripts/db-migration-create.ts --name <name>
// The existing migrations are replayed on a throw-away database on the server of DATABASE_URL
// (default: the local PostgreSQL), which is created and dropped again; DATABASE_URL's own
// database is not changed. Review the SQL, then apply it with `npm run db:migrate`.
import path from "node:path";
import { parseArgs } from "node:util";
import { createMigration } from "../lib/db/migrations/create-migration";
import { getEnv } from "../lib/env";

const defaultConnectionString = "postgresql://postgres@127.0.0.1:5432/postgres";
const usage =
  "usage: npx tsx --conditions=react-server scripts/db-migration-create.ts --name <name>";

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { name: { type: "string" }, help: { type: "boolean", short: "h" } },
  });
  if (values.help || !values.name) {
    console.log(usage);
    process.exitCode = values.help ? 0 : 1;
    return;
  }

  const root = path.resolve(__dirname, "..");
  const result = await createMigration({
    name: values.name,
    schemaPath: path.join(root, "prisma/schema.prisma"),
    migrationsDirectory: path.join(root, "prisma/migrations"),
    connectionString: getEnv().DATABASE_URL ?? defaultConnectionString,
  });
  if (result.status === "no-changes") {
    console.log("no changes: the migrations already match prisma/schema.prisma");
    return;
  }
  console.log(`created ${path.relative(root, result.directory)}/migration.sql`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
