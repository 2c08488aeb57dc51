import "server-only";
import { findUserById } from "@/lib/db/queries/users";
import { NotFoundError } from "@/lib/errors/http-errors";
import type { Actor } from "./request-actor";

/** What `GET /api/me` answers: who the caller acts as, so an MCP client can send `X-User-ID`. */
export type CurrentUserJson = { user_id: string; display_name: string; login_free: boolean };

/**
 * The user a request acts as. In this version every browser request acts as the one workspace
 * owner (nobody signs in), so `login_free` is always true; an internal caller naming another
 * user with X-User-ID gets that user.
 */
export async function getCurrentUser(input: { actor: Actor }): Promise<CurrentUserJson> {
  const user = await findUserById({ userId: input.actor.userId });
  if (!user) throw new NotFoundError("The user");
  return { user_id: user.id, display_name: user.displayName, login_free: true };
}
