import { getSessionSnapshot } from "@/lib/backend/sessions/get-session-snapshot";
import { idParamSchema } from "@/lib/http/route-params";
import { withRoute } from "@/lib/http/with-route";

type Params = { session_id: string };

export const GET = withRoute<Params>(async ({ params, actor }) => {
  const sessionId = idParamSchema.parse(params.session_id);
  return Response.json(await getSessionSnapshot({ ownerId: actor.userId, sessionId }));
});
