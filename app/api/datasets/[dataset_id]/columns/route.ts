import type { DatasetColumnList } from "@/lib/contracts/dataset-columns";
import { listDatasetColumns } from "@/lib/datasets/list-dataset-columns";
import { idParamSchema } from "@/lib/http/route-params";
import { withRoute } from "@/lib/http/with-route";

type Params = { dataset_id: string };

export const GET = withRoute<Params>(async ({ params, actor }) => {
  const datasetId = idParamSchema.parse(params.dataset_id);
  return Response.json({
    columns: await listDatasetColumns({ ownerId: actor.userId, datasetId }),
  } satisfies DatasetColumnList);
});
