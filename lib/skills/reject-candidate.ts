import "server-only";
import type { RejectedSkill } from "@/lib/contracts/skill";
import { deleteSkillRow, findSkillRow, updateSkillRow } from "@/lib/db/queries/skills";
import { NotFoundError } from "@/lib/errors/http-errors";
import { isNormalisedSkillName } from "@/lib/skills/skill-name";
import { removeStoredSkill } from "./stored-skill-files";

/**
 * `POST /api/skills/candidates/{name}/reject` (SK-4): `delete` removes the candidate; otherwise
 * it stays in the review queue as rejected, with the reason, and is still never offered.
 */
export async function rejectCandidate(input: {
  ownerId: string;
  name: string;
  reason?: string;
  delete?: boolean;
}): Promise<RejectedSkill> {
  const candidate = isNormalisedSkillName(input.name)
    ? await findSkillRow({ ownerId: input.ownerId, source: "candidate", name: input.name })
    : null;
  if (!candidate) throw new NotFoundError("Skill candidate", { name: input.name });
  if (input.delete) {
    await deleteSkillRow({ ownerId: input.ownerId, id: candidate.id });
    await removeStoredSkill({ storagePath: candidate.storagePath });
    return { name: candidate.name, status: "deleted" as const };
  }
  const reason = input.reason?.trim() || "Rejected without a reason.";
  await updateSkillRow({ id: candidate.id, data: { status: "rejected", rejectedReason: reason } });
  return { name: candidate.name, status: "rejected" as const, rejected_reason: reason };
}
