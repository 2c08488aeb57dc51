import { z } from "zod";
import { idParamSchema } from "@/lib/http/route-params";
import { withRoute } from "@/lib/http/with-route";
import { readJobStatus } from "@/lib/jobs/read-job-status";

type Params = { job_id: string };

// -1 is "from the start", as get_job_status takes it: a client that keeps one cursor for both
// reads (the run events' default is -1 too) is never refused by one of them.
const querySchema = z.object({
  after_seq: z.coerce.number().int().min(-1).default(0),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
});

export const GET = withRoute<Params>(async ({ request, params, actor }) => {
  const jobId = idParamSchema.parse(params.job_id);
  const search = new URL(request.url).searchParams;
  const query = querySchema.parse({
    after_seq: search.get("after_seq") ?? undefined,
    limit: search.get("limit") ?? undefined,
  });
  return Response.json(
    await readJobStatus({
      ownerId: actor.userId,
      jobId,
      afterSeq: query.after_seq,
      limit: query.limit,
    }),
    { headers: { "cache-control": "no-store" } },
  );
});
