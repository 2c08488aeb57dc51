import { parseJsonBody } from "@/lib/http/parse-json-body";
import { idParamSchema } from "@/lib/http/route-params";
import { withRoute } from "@/lib/http/with-route";
import { approvalBodySchema } from "@/lib/runs/approval-body-schema";
import { decideApproval } from "@/lib/runs/decide-approval";

type Params = { run_id: string };

export const POST = withRoute<Params>(async ({ request, params, actor }) => {
  const runId = idParamSchema.parse(params.run_id);
  const body = await parseJsonBody(request, approvalBodySchema);
  return Response.json(await decideApproval({ ownerId: actor.userId, runId, body }), {
    status: 202,
  });
});
