import "server-only";
import { findNewestModelConfigSecret } from "@/lib/db/queries/model-configs";
import {
  decryptModelSecret,
  ModelSecretError,
  modelSecretContext,
} from "@/lib/security/model-secret-cipher";

type SealedSecret = { id: string; ownerId: string; secretCipher: string | null } | null;

/**
 * Whether this process's INTERNAL_SERVICE_KEY opens the provider keys already saved in the
 * database. Instances and workers on one database must share the key (docs/deploy.md); nothing
 * records the key itself, but a saved secret was sealed with a key derived from it, so a process
 * started with another key finds out here instead of at a user's next run. `unknown` when no
 * secret is saved yet.
 */
export async function checkInternalServiceKey(
  input: { findSecret?: () => Promise<SealedSecret>; serviceKey?: string } = {},
): Promise<"matches" | "differs" | "unknown"> {
  const sealed = await (input.findSecret ?? findNewestModelConfigSecret)();
  if (!sealed?.secretCipher) return "unknown";
  try {
    decryptModelSecret({
      stored: sealed.secretCipher,
      context: modelSecretContext({ ownerId: sealed.ownerId, modelConfigId: sealed.id }),
      serviceKey: input.serviceKey,
    });
    return "matches";
  } catch (error) {
    if (error instanceof ModelSecretError) return "differs";
    throw error;
  }
}
