import type { SessionList } from "@/lib/contracts/session";
import { parseJsonBody } from "@/lib/http/parse-json-body";
import { idParamSchema } from "@/lib/http/route-params";
import { withRoute } from "@/lib/http/with-route";
import { createSession, createSessionBodySchema } from "@/lib/sessions/create-session";
import { listSessions } from "@/lib/sessions/list-sessions";

type Params = { project_id: string };

export const GET = withRoute<Params>(async ({ params, actor }) => {
  const projectId = idParamSchema.parse(params.project_id);
  return Response.json({
    sessions: await listSessions({ ownerId: actor.userId, projectId }),
  } satisfies SessionList);
});

export const POST = withRoute<Params>(async ({ request, params, actor }) => {
  const projectId = idParamSchema.parse(params.project_id);
  const body = await parseJsonBody(request, createSessionBodySchema);
  const session = await createSession({ ownerId: actor.userId, projectId, title: body.title });
  return Response.json(session, { status: 201 });
});
