import { idParamSchema } from "@/lib/http/route-params";
import { withRoute } from "@/lib/http/with-route";
import { getRunTimeline } from "@/lib/runs/timeline/get-run-timeline";

type Params = { run_id: string };

export const GET = withRoute<Params>(async ({ params, actor }) => {
  const runId = idParamSchema.parse(params.run_id);
  return Response.json(await getRunTimeline({ ownerId: actor.userId, runId }), {
    headers: { "cache-control": "no-store" },
  });
});
