import { parseJsonBody } from "@/lib/http/parse-json-body";
import { withPublicRoute } from "@/lib/http/with-route";
import { cancelBodySchema } from "@/lib/runs/cancel/cancel-body-schema";
import { cancelRun } from "@/lib/runs/cancel/cancel-run";

// The actor is resolved inside cancelRun: with the database down a cancel must still stop the
// local work and answer CANCEL_NOT_CONFIRMED, not fail on the identity lookup first.
export const POST = withPublicRoute(async ({ request }) => {
  const body = await parseJsonBody(request, cancelBodySchema);
  return Response.json(await cancelRun({ request, body }), { status: 202 });
});
