import { startRerunBodySchema } from "@/lib/contracts/rerun";
import { parseJsonBody } from "@/lib/http/parse-json-body";
import { idParamSchema } from "@/lib/http/route-params";
import { withRoute } from "@/lib/http/with-route";
import { startRerun } from "@/lib/runs/rerun/start-rerun";

type Params = { session_id: string };

export const POST = withRoute<Params>(async ({ request, params, actor }) => {
  const sessionId = idParamSchema.parse(params.session_id);
  const body = await parseJsonBody(request, startRerunBodySchema);
  const { status, rerun } = await startRerun({ ownerId: actor.userId, sessionId, body });
  return Response.json(rerun, { status });
});
