import { idParamSchema } from "@/lib/http/route-params";
import { withRoute } from "@/lib/http/with-route";
import { downloadModelFile } from "@/lib/ml/download-model-file";

type Params = { model_id: string };

export const GET = withRoute<Params>(async ({ params, actor }) => {
  const modelId = idParamSchema.parse(params.model_id);
  return downloadModelFile({ ownerId: actor.userId, modelId });
});
