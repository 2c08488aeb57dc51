import { parseJsonBody } from "@/lib/http/parse-json-body";
import { withRoute } from "@/lib/http/with-route";
import { cancelBodySchema } from "@/lib/runs/cancel-body-schema";
import { cancelRun } from "@/lib/runs/cancel-run";

export const POST = withRoute(async ({ request, actor }) => {
  const body = await parseJsonBody(request, cancelBodySchema);
  return Response.json(await cancelRun({ ownerId: actor.userId, body }), { status: 202 });
});
