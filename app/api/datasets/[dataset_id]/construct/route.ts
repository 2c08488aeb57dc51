import { constructDatasetBodySchema } from "@/lib/constructions/construct-dataset";
import { requestConstruction } from "@/lib/constructions/request-construction";
import type { ConstructResponse } from "@/lib/contracts/construction";
import type { JobAccepted } from "@/lib/contracts/job-status";
import { parseJsonBody } from "@/lib/http/parse-json-body";
import { idParamSchema } from "@/lib/http/route-params";
import { withRoute } from "@/lib/http/with-route";

type Params = { dataset_id: string };

// 200 {construction} when built at once; 202 {job_id} when a large upload is built by a job
// (CONSTRUCT_ASYNC_MIN_BYTES): the page follows it through GET /api/jobs/{job_id}.
export const POST = withRoute<Params>(async ({ request, params, actor }) => {
  const datasetId = idParamSchema.parse(params.dataset_id);
  const options = await parseJsonBody(request, constructDatasetBodySchema);
  const outcome = await requestConstruction({
    ownerId: actor.userId,
    datasetId,
    options,
    signal: request.signal,
  });
  if (outcome.kind === "job") {
    return Response.json({ job_id: outcome.jobId } satisfies JobAccepted, { status: 202 });
  }
  return Response.json({ construction: outcome.construction } satisfies ConstructResponse);
});
