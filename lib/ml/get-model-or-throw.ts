import "server-only";
import { findMlModelForOwner } from "@/lib/db/queries/ml-models";
import { NotFoundError } from "@/lib/errors/http-errors";

/** A model record of the owner (and, when given, of that project); a foreign id is NOT_FOUND. */
export async function getModelOrThrow(input: {
  ownerId: string;
  modelId: string;
  projectId?: string;
}) {
  const row = await findMlModelForOwner(input);
  if (!row || (input.projectId !== undefined && row.projectId !== input.projectId)) {
    throw new NotFoundError(`Model ${input.modelId}`, { model_id: input.modelId });
  }
  return row;
}
