import { idParamSchema } from "@/lib/http/route-params";
import { withRoute } from "@/lib/http/with-route";
import { listProjectReruns } from "@/lib/runs/rerun/list-project-reruns";

type Params = { project_id: string };

export const GET = withRoute<Params>(async ({ params, actor }) => {
  const projectId = idParamSchema.parse(params.project_id);
  return Response.json(await listProjectReruns({ ownerId: actor.userId, projectId }));
});
