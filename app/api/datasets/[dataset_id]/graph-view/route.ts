import { getGraphView, graphViewQuerySchema } from "@/lib/constructions/get-graph-view";
import { idParamSchema } from "@/lib/http/route-params";
import { withRoute } from "@/lib/http/with-route";

type Params = { dataset_id: string };

export const GET = withRoute<Params>(async ({ request, params, actor }) => {
  const datasetId = idParamSchema.parse(params.dataset_id);
  const query = graphViewQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  return Response.json(await getGraphView({ ownerId: actor.userId, datasetId, query }));
});
