import "server-only";
import { findMlModelForOwner } from "@/lib/db/queries/ml-models";
import { statModelFile } from "@/lib/ml/model-storage";

/** Whether a model's weights are there to predict with: its record and its saved file. */
export type ModelFact =
  | { found: false }
  | { found: true; task: string; algorithm: string; weightsPresent: boolean };

const modelIdPattern = /^[A-Za-z0-9-]{1,100}$/;

/** Reads the owner's model record and checks that its file is stored (staged reasoning). */
export async function readModelFact(input: { ownerId: string; modelId: string }) {
  if (!modelIdPattern.test(input.modelId)) return { found: false } satisfies ModelFact;
  const row = await findMlModelForOwner(input);
  if (!row) return { found: false } satisfies ModelFact;
  let weightsPresent = false;
  if (row.filePath) {
    try {
      weightsPresent = (await statModelFile({ relativePath: row.filePath })) !== undefined;
    } catch {
      weightsPresent = false;
    }
  }
  return {
    found: true,
    task: row.task,
    algorithm: row.algorithm,
    weightsPresent,
  } satisfies ModelFact;
}
