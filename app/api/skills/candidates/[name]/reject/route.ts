import { rejectSkillBodySchema } from "@/lib/contracts/skill";
import { parseJsonBody } from "@/lib/http/parse-json-body";
import { idParamSchema } from "@/lib/http/route-params";
import { withRoute } from "@/lib/http/with-route";
import { rejectCandidate } from "@/lib/skills/reject-candidate";

type Params = { name: string };

export const POST = withRoute<Params>(async ({ request, params, actor }) => {
  const name = idParamSchema.parse(params.name);
  const body = await parseJsonBody(request, rejectSkillBodySchema);
  return Response.json(await rejectCandidate({ ownerId: actor.userId, name, ...body }));
});
