import "server-only";
import { upsertProjectByName } from "@/lib/db/queries/projects";
import { upsertDefaultOwner } from "@/lib/db/queries/users";
import { processRegistry } from "@/lib/process/process-registry";

export const defaultProjectName = "Default project";

type Registry = { owner?: Promise<{ userId: string }> };
const registry = processRegistry<Registry>("__workbenchOwner");

/** The login-free workspace owner, created with a first project on first start. */
export function getDefaultOwner(): Promise<{ userId: string }> {
  registry.owner ??= (async () => {
    const user = await upsertDefaultOwner();
    await upsertProjectByName({ ownerId: user.id, name: defaultProjectName });
    return { userId: user.id };
  })().catch((error) => {
    registry.owner = undefined;
    throw error;
  });
  return registry.owner;
}
