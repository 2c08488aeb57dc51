import { idParamSchema } from "@/lib/http/route-params";
import { withRoute } from "@/lib/http/with-route";
import { getTrainingSummary } from "@/lib/ml/get-training-summary";

type Params = { project_id: string };

export const GET = withRoute<Params>(async ({ params, actor }) => {
  const projectId = idParamSchema.parse(params.project_id);
  return Response.json(await getTrainingSummary({ ownerId: actor.userId, projectId }));
});
