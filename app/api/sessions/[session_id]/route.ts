import { renameSessionBodySchema } from "@/lib/contracts/session";
import { parseJsonBody } from "@/lib/http/parse-json-body";
import { idParamSchema } from "@/lib/http/route-params";
import { withRoute } from "@/lib/http/with-route";
import { deleteSession } from "@/lib/sessions/delete-session";
import { getSessionSnapshot } from "@/lib/sessions/get-session-snapshot";
import { renameSession } from "@/lib/sessions/rename-session";

type Params = { session_id: string };

export const GET = withRoute<Params>(async ({ params, actor }) => {
  const sessionId = idParamSchema.parse(params.session_id);
  return Response.json(await getSessionSnapshot({ ownerId: actor.userId, sessionId }));
});

export const PATCH = withRoute<Params>(async ({ request, params, actor }) => {
  const sessionId = idParamSchema.parse(params.session_id);
  const { title } = await parseJsonBody(request, renameSessionBodySchema);
  return Response.json(await renameSession({ ownerId: actor.userId, sessionId, title }));
});

export const DELETE = withRoute<Params>(async ({ params, actor }) => {
  const sessionId = idParamSchema.parse(params.session_id);
  await deleteSession({ ownerId: actor.userId, sessionId });
  return new Response(null, { status: 204 });
});
