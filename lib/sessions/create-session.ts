import "server-only";
import { z } from "zod";
import { defaultSessionTitle } from "@/lib/contracts/session";
import { insertSession } from "@/lib/db/queries/sessions";
import { getProjectOrThrow } from "../projects/get-project-or-throw";
import { toSessionJson } from "./session-json";

export const createSessionBodySchema = z.object({
  title: z.string().trim().max(200, "Titles are at most 200 characters.").optional(),
});

/** Opens a new conversation in the owner's project. */
export async function createSession(input: { ownerId: string; projectId: string; title?: string }) {
  await getProjectOrThrow(input);
  const session = await insertSession({
    ownerId: input.ownerId,
    projectId: input.projectId,
    title: input.title?.trim() || defaultSessionTitle,
  });
  return toSessionJson(session);
}
