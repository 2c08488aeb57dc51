import { sessionWatchBodySchema } from "@/lib/contracts/rerun";
import { parseJsonBody } from "@/lib/http/parse-json-body";
import { idParamSchema } from "@/lib/http/route-params";
import { withRoute } from "@/lib/http/with-route";
import { listWatches, unwatchSession, watchSession } from "@/lib/runs/rerun/session-watches";

type Params = { session_id: string };

export const GET = withRoute<Params>(async ({ params, actor }) => {
  const sessionId = idParamSchema.parse(params.session_id);
  return Response.json(await listWatches({ ownerId: actor.userId, sessionId }));
});

export const POST = withRoute<Params>(async ({ request, params, actor }) => {
  const sessionId = idParamSchema.parse(params.session_id);
  const body = await parseJsonBody(request, sessionWatchBodySchema);
  const watch = await watchSession({
    ownerId: actor.userId,
    sessionId,
    datasetId: body.dataset_id,
  });
  return Response.json(watch, { status: 201 });
});

export const DELETE = withRoute<Params>(async ({ request, params, actor }) => {
  const sessionId = idParamSchema.parse(params.session_id);
  const query = sessionWatchBodySchema.parse({
    dataset_id: new URL(request.url).searchParams.get("dataset_id") ?? undefined,
  });
  await unwatchSession({ ownerId: actor.userId, sessionId, datasetId: query.dataset_id });
  return new Response(null, { status: 204 });
});
