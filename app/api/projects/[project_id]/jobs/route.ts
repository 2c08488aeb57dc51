import { z } from "zod";
import { mlJobKindValues } from "@/lib/contracts/ml-jobs";
import { idParamSchema } from "@/lib/http/route-params";
import { withRoute } from "@/lib/http/with-route";
import { listMlJobs } from "@/lib/ml/list-ml-jobs";

type Params = { project_id: string };

// `?kind=train,infer` (comma-separated); without it both. Other kinds are not listed here.
const kindsSchema = z
  .string()
  .optional()
  .transform((value) => (value ? value.split(",").filter(Boolean) : []))
  .pipe(z.array(z.enum(mlJobKindValues)).max(mlJobKindValues.length));

export const GET = withRoute<Params>(async ({ request, params, actor }) => {
  const projectId = idParamSchema.parse(params.project_id);
  const kinds = kindsSchema.parse(new URL(request.url).searchParams.get("kind") ?? undefined);
  return Response.json(await listMlJobs({ ownerId: actor.userId, projectId, kinds }), {
    headers: { "cache-control": "no-store" },
  });
});
