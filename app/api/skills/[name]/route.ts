import { skillSourceQuerySchema, updateSkillBodySchema } from "@/lib/contracts/skill";
import { parseJsonBody } from "@/lib/http/parse-json-body";
import { idParamSchema } from "@/lib/http/route-params";
import { withRoute } from "@/lib/http/with-route";
import { deleteSkill } from "@/lib/skills/delete-skill";
import { getSkill } from "@/lib/skills/get-skill";
import { updateSkill } from "@/lib/skills/update-skill";

type Params = { name: string };

function target(request: Request, params: Params) {
  const query = skillSourceQuerySchema.parse(
    Object.fromEntries(new URL(request.url).searchParams.entries()),
  );
  return { name: idParamSchema.parse(params.name), source: query.source };
}

export const GET = withRoute<Params>(async ({ request, params, actor }) =>
  Response.json(await getSkill({ ownerId: actor.userId, ...target(request, params) })),
);

export const PUT = withRoute<Params>(async ({ request, params, actor }) => {
  const where = target(request, params);
  const body = await parseJsonBody(request, updateSkillBodySchema);
  return Response.json(await updateSkill({ ownerId: actor.userId, ...where, ...body }));
});

export const DELETE = withRoute<Params>(async ({ request, params, actor }) => {
  await deleteSkill({ ownerId: actor.userId, ...target(request, params) });
  return new Response(null, { status: 204 });
});
