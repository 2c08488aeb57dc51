import { listDatasets } from "@/lib/backend/datasets/list-datasets";
import { streamUploadForm } from "@/lib/backend/datasets/stream-upload-form";
import { uploadDataset } from "@/lib/backend/datasets/upload-dataset";
import { getProjectOrThrow } from "@/lib/backend/projects/get-project-or-throw";
import { getEnv } from "@/lib/env";
import { idParamSchema } from "@/lib/http/route-params";
import { withRoute } from "@/lib/http/with-route";

type Params = { project_id: string };

export const GET = withRoute<Params>(async ({ params, actor }) => {
  const projectId = idParamSchema.parse(params.project_id);
  return Response.json({ datasets: await listDatasets({ ownerId: actor.userId, projectId }) });
});

export const POST = withRoute<Params>(async ({ request, params, actor }) => {
  const projectId = idParamSchema.parse(params.project_id);
  // Check ownership before reading a possibly large body.
  await getProjectOrThrow({ ownerId: actor.userId, projectId });
  const form = await streamUploadForm({ request, maxFileBytes: getEnv().UPLOAD_MAX_BYTES });
  const dataset = await uploadDataset({ ownerId: actor.userId, projectId, ...form });
  return Response.json(dataset, { status: 201 });
});
