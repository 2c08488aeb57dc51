import { idParamSchema } from "@/lib/http/route-params";
import { withRoute } from "@/lib/http/with-route";
import { cancelJob } from "@/lib/jobs/cancel-job";

type Params = { job_id: string };

// 202: a running job (and its running descendants) stops within a poll interval, after the
// answer; queued ones are already cancelled when it is sent.
export const POST = withRoute<Params>(async ({ params, actor }) => {
  const jobId = idParamSchema.parse(params.job_id);
  return Response.json(await cancelJob({ ownerId: actor.userId, jobId }), { status: 202 });
});
