import { idParamSchema } from "@/lib/http/route-params";
import { withRoute } from "@/lib/http/with-route";
import { getModelRecord } from "@/lib/ml/get-model-record";

type Params = { model_id: string };

export const GET = withRoute<Params>(async ({ params, actor }) => {
  const modelId = idParamSchema.parse(params.model_id);
  return Response.json(await getModelRecord({ ownerId: actor.userId, modelId }));
});
