import { downloadModelFile } from "@/lib/backend/ml/download-model-file";
import { idParamSchema } from "@/lib/http/route-params";
import { withRoute } from "@/lib/http/with-route";

type Params = { model_id: string };

export const GET = withRoute<Params>(async ({ params, actor }) => {
  const modelId = idParamSchema.parse(params.model_id);
  return downloadModelFile({ ownerId: actor.userId, modelId });
});
