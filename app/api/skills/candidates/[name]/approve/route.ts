import { approveSkillBodySchema } from "@/lib/contracts/skill";
import { parseJsonBody } from "@/lib/http/parse-json-body";
import { idParamSchema } from "@/lib/http/route-params";
import { withRoute } from "@/lib/http/with-route";
import { approveCandidate } from "@/lib/skills/approve-candidate";

type Params = { name: string };

export const POST = withRoute<Params>(async ({ request, params, actor }) => {
  const name = idParamSchema.parse(params.name);
  const body = await parseJsonBody(request, approveSkillBodySchema);
  return Response.json(
    await approveCandidate({
      ownerId: actor.userId,
      name,
      targetName: body.target_name,
      playbookId: body.playbook_id,
    }),
  );
});
