import "server-only";
import { findUserById } from "@/lib/db/queries/users";
import { UnauthorizedError } from "@/lib/errors/http-errors";
import { getDefaultOwner } from "./default-owner";
import { isValidInternalKey } from "./internal-service-key";

/** Who a request acts as. Every domain function filters by this user id. */
export type Actor = { userId: string; internal: boolean };

/**
 * Browser requests act as the default owner. An internal caller (valid X-Internal-Key) may name
 * the user with X-User-ID (MCP-3); without the key that header is refused, never trusted.
 */
export async function getRequestActor(request: Request): Promise<Actor> {
  const claimedUser = request.headers.get("x-user-id");
  const presentedKey = request.headers.get("x-internal-key");
  if (claimedUser === null && presentedKey === null) {
    const owner = await getDefaultOwner();
    return { userId: owner.userId, internal: false };
  }
  if (!isValidInternalKey(presentedKey)) throw new UnauthorizedError();
  if (claimedUser === null) {
    const owner = await getDefaultOwner();
    return { userId: owner.userId, internal: true };
  }
  const user = await findUserById({ userId: claimedUser });
  if (!user) throw new UnauthorizedError("X-User-ID names no known user.");
  return { userId: user.id, internal: true };
}
