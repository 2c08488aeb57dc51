import { parseJsonBody } from "@/lib/http/parse-json-body";
import { idParamSchema } from "@/lib/http/route-params";
import { withRoute } from "@/lib/http/with-route";
import { applyApprovalDecision } from "@/lib/runs/approvals/apply-approval-decision";
import { approvalBodySchema } from "@/lib/runs/approvals/approval-body-schema";

type Params = { run_id: string };

export const POST = withRoute<Params>(async ({ request, params, actor }) => {
  const runId = idParamSchema.parse(params.run_id);
  const body = await parseJsonBody(request, approvalBodySchema);
  return Response.json(await applyApprovalDecision({ ownerId: actor.userId, runId, body }), {
    status: 202,
  });
});
