import "server-only";
import { getDb } from "../client";

/** The run's current execution generation, only if the run belongs to the owner; else null. */
export async function findRunExecutionGeneration(input: {
  ownerId: string;
  runId: string;
}): Promise<number | null> {
  const db = await getDb();
  const run = await db.run.findFirst({
    where: { id: input.runId, ownerId: input.ownerId },
    select: { executionGeneration: true },
  });
  return run?.executionGeneration ?? null;
}
