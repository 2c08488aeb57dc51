import "server-only";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/generated/prisma/client";
import { processRegistry } from "@/lib/process/process-registry";
import { getDatabaseConnection } from "./database-connection";

type Registry = { client?: Promise<PrismaClient> };

const registry = processRegistry<Registry>("__workbenchPrisma");

/** The process-wide Prisma client over the resolved database (only lib/db/queries call this). */
export function getDb(): Promise<PrismaClient> {
  registry.client ??= getDatabaseConnection()
    .then(
      ({ connectionString }) =>
        new PrismaClient({
          adapter: new PrismaPg({ connectionString, max: 10 }),
          // Prisma batches reads issued in the same tick into one transaction that must get a
          // pool connection within maxWait (2 s by default). On a saturated machine that wait
          // is exceeded (P2028) and a run died while assembling its context; a busy machine is
          // slow, not broken. The same holds for the 5 s a batched read may take to commit
          // (CI saw one take 5.1 s at load 7 on 2 cores). Transactions that need a tighter
          // bound pass their own options.
          transactionOptions: { maxWait: 10_000, timeout: 15_000 },
        }),
    )
    .catch((error) => {
      registry.client = undefined;
      throw error;
    });
  return registry.client;
}

/** Disconnects the client (tests and shutdown). */
export async function disconnectDb(): Promise<void> {
  const pending = registry.client;
  registry.client = undefined;
  const client = await pending?.catch(() => undefined);
  await client?.$disconnect();
}
