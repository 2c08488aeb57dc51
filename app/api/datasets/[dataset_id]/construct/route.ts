import {
  constructDataset,
  constructDatasetBodySchema,
} from "@/lib/backend/constructions/construct-dataset";
import { parseJsonBody } from "@/lib/http/parse-json-body";
import { idParamSchema } from "@/lib/http/route-params";
import { withRoute } from "@/lib/http/with-route";

type Params = { dataset_id: string };

export const POST = withRoute<Params>(async ({ request, params, actor }) => {
  const datasetId = idParamSchema.parse(params.dataset_id);
  const options = await parseJsonBody(request, constructDatasetBodySchema);
  const construction = await constructDataset({
    ownerId: actor.userId,
    datasetId,
    options,
    signal: request.signal,
  });
  return Response.json({ construction });
});
