import type { DatasetList } from "@/lib/contracts/dataset";
import { postgresSourceBodySchema } from "@/lib/contracts/postgres-source";
import { listDatasets } from "@/lib/datasets/list-datasets";
import { streamUploadForm } from "@/lib/datasets/stream-upload-form";
import { uploadDataset } from "@/lib/datasets/upload-dataset";
import { getEnv } from "@/lib/env";
import { parseJsonBody } from "@/lib/http/parse-json-body";
import { idParamSchema } from "@/lib/http/route-params";
import { withRoute } from "@/lib/http/with-route";
import { addPostgresSource } from "@/lib/postgres-sources/add-postgres-source";
import { getProjectOrThrow } from "@/lib/projects/get-project-or-throw";
import { assertRequestAllowed } from "@/lib/security/assert-request-allowed";

type Params = { project_id: string };

// proxy.ts does not see this route (it would buffer the upload), so both methods run its checks
// here, before anything else.
export const GET = withRoute<Params>(async ({ request, params, actor }) => {
  assertRequestAllowed({ request });
  const projectId = idParamSchema.parse(params.project_id);
  return Response.json({
    datasets: await listDatasets({ ownerId: actor.userId, projectId }),
  } satisfies DatasetList);
});

export const POST = withRoute<Params>(async ({ request, params, actor }) => {
  assertRequestAllowed({ request });
  const projectId = idParamSchema.parse(params.project_id);
  // Check ownership before reading a possibly large body.
  await getProjectOrThrow({ ownerId: actor.userId, projectId });
  // A JSON body names a live database source; every other body is a multipart upload.
  if (request.headers.get("content-type")?.toLowerCase().startsWith("application/json")) {
    const body = await parseJsonBody(request, postgresSourceBodySchema);
    const dataset = await addPostgresSource({ ownerId: actor.userId, projectId, body });
    return Response.json(dataset, { status: 201 });
  }
  const env = getEnv();
  const form = await streamUploadForm({
    request,
    maxFileBytes: env.UPLOAD_MAX_BYTES,
    maxUncompressedBytes: env.UPLOAD_MAX_UNCOMPRESSED_BYTES,
  });
  const dataset = await uploadDataset({ ownerId: actor.userId, projectId, ...form });
  return Response.json(dataset, { status: 201 });
});
