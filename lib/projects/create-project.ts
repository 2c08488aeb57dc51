import "server-only";
import { z } from "zod";
import { findProjectByName, insertProject } from "@/lib/db/queries/projects";
import { InvalidRequestError } from "@/lib/errors/http-errors";
import { hasControlCharacters } from "@/lib/text/has-control-characters";
import { toProjectJson } from "./project-json";

export const createProjectBodySchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, "A project needs a name.")
    .max(100, "Project names are at most 100 characters.")
    .refine((name) => !hasControlCharacters(name), "Control characters are not allowed."),
});

/** Creates a project for the owner; names are unique per owner. */
export async function createProject(input: { ownerId: string; name: string }) {
  if (await findProjectByName(input)) throw duplicateName(input.name);
  try {
    return toProjectJson(await insertProject(input));
  } catch (error) {
    // Lost a race with an identical create: same answer as the check above.
    if ((error as { code?: string }).code === "P2002") throw duplicateName(input.name);
    throw error;
  }
}

// docs/api.md has no generic conflict code; a taken name is a validation failure of `name`.
function duplicateName(name: string) {
  const message = `A project named "${name}" already exists.`;
  return new InvalidRequestError(message, { issues: [{ path: "name", message }] });
}
