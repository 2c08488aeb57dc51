import { parseJsonBody } from "@/lib/http/parse-json-body";
import { idParamSchema } from "@/lib/http/route-params";
import { withRoute } from "@/lib/http/with-route";
import { startRun } from "@/lib/runs/start/start-run";
import { startRunBodySchema } from "@/lib/runs/start/start-run-body-schema";

type Params = { session_id: string };

export const POST = withRoute<Params>(async ({ request, params, actor }) => {
  const sessionId = idParamSchema.parse(params.session_id);
  const body = await parseJsonBody(request, startRunBodySchema);
  const { status, run } = await startRun({ ownerId: actor.userId, sessionId, body });
  return Response.json(run, { status });
});
