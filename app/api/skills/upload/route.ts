import type { SkillList } from "@/lib/contracts/skill";
import { withRoute } from "@/lib/http/with-route";
import { uploadSkills } from "@/lib/skills/upload-skills";

// This route stays behind proxy.ts (unlike the dataset upload): SKILL_UPLOAD_MAX_BYTES is capped
// below the 10 MB the proxy buffers, so a skill upload is never cut, and the proxy's same-origin
// and multipart checks apply as for any state change.
export const POST = withRoute(async ({ request, actor }) => {
  const skills = await uploadSkills({ ownerId: actor.userId, request });
  return Response.json({ skills } satisfies SkillList, { status: 201 });
});
