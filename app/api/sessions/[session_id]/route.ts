import { idParamSchema } from "@/lib/http/route-params";
import { withRoute } from "@/lib/http/with-route";
import { getSessionSnapshot } from "@/lib/sessions/get-session-snapshot";

type Params = { session_id: string };

export const GET = withRoute<Params>(async ({ params, actor }) => {
  const sessionId = idParamSchema.parse(params.session_id);
  return Response.json(await getSessionSnapshot({ ownerId: actor.userId, sessionId }));
});
