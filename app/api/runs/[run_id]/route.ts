import { idParamSchema } from "@/lib/http/route-params";
import { withRoute } from "@/lib/http/with-route";
import { getRunSnapshot } from "@/lib/runs/events/get-run-snapshot";

type Params = { run_id: string };

export const GET = withRoute<Params>(async ({ params, actor }) => {
  const runId = idParamSchema.parse(params.run_id);
  return Response.json(await getRunSnapshot({ ownerId: actor.userId, runId }));
});
