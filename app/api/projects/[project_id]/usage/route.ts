import { type ProjectUsage, projectUsageQuerySchema } from "@/lib/contracts/usage";
import { idParamSchema } from "@/lib/http/route-params";
import { withRoute } from "@/lib/http/with-route";
import { getProjectUsage } from "@/lib/usage/get-project-usage";

type Params = { project_id: string };

// `?from=YYYY-MM-DD&to=YYYY-MM-DD` (UTC days, both included; default the last 30 days).
export const GET = withRoute<Params>(async ({ request, params, actor }) => {
  const projectId = idParamSchema.parse(params.project_id);
  const search = new URL(request.url).searchParams;
  const query = projectUsageQuerySchema.parse({
    from: search.get("from") ?? undefined,
    to: search.get("to") ?? undefined,
  });
  const usage: ProjectUsage = await getProjectUsage({ ownerId: actor.userId, projectId, query });
  return Response.json(usage, { headers: { "cache-control": "no-store" } });
});
