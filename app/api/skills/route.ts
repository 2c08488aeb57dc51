import { createSkillBodySchema, type SkillList } from "@/lib/contracts/skill";
import { parseJsonBody } from "@/lib/http/parse-json-body";
import { withRoute } from "@/lib/http/with-route";
import { createSkill } from "@/lib/skills/create-skill";
import { listSkills } from "@/lib/skills/list-skills";

export const GET = withRoute(async ({ actor }) =>
  Response.json({ skills: await listSkills({ ownerId: actor.userId }) } satisfies SkillList),
);

export const POST = withRoute(async ({ request, actor }) => {
  const body = await parseJsonBody(request, createSkillBodySchema);
  const skill = await createSkill({ ownerId: actor.userId, ...body });
  return Response.json(skill, { status: 201 });
});
