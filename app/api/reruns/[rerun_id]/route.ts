import { idParamSchema } from "@/lib/http/route-params";
import { withRoute } from "@/lib/http/with-route";
import { getRerun } from "@/lib/runs/rerun/get-rerun";

type Params = { rerun_id: string };

export const GET = withRoute<Params>(async ({ params, actor }) => {
  const rerunId = idParamSchema.parse(params.rerun_id);
  return Response.json(await getRerun({ ownerId: actor.userId, rerunId }));
});
