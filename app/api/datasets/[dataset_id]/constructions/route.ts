import { listConstructions } from "@/lib/constructions/list-constructions";
import type { ConstructionList } from "@/lib/contracts/construction";
import { idParamSchema } from "@/lib/http/route-params";
import { withRoute } from "@/lib/http/with-route";

type Params = { dataset_id: string };

export const GET = withRoute<Params>(async ({ params, actor }) => {
  const datasetId = idParamSchema.parse(params.dataset_id);
  return Response.json({
    constructions: await listConstructions({ ownerId: actor.userId, datasetId }),
  } satisfies ConstructionList);
});
