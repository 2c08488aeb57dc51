import { graphExportQuerySchema } from "@/lib/contracts/graph-export";
import { exportDatasetGraph } from "@/lib/exports/export-dataset-graph";
import { downloadHeaders } from "@/lib/http/attachment-headers";
import { idParamSchema } from "@/lib/http/route-params";
import { withRoute } from "@/lib/http/with-route";

type Params = { dataset_id: string };

// Streamed: the body is written while the client reads it (docs/api.md "Export").
export const GET = withRoute<Params>(async ({ request, params, actor }) => {
  const datasetId = idParamSchema.parse(params.dataset_id);
  const query = graphExportQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const download = await exportDatasetGraph({ ownerId: actor.userId, datasetId, query });
  return new Response(download.body, {
    headers: downloadHeaders({ name: download.name, contentType: download.contentType }),
  });
});
