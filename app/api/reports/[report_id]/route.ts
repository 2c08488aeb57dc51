import { idParamSchema } from "@/lib/http/route-params";
import { withRoute } from "@/lib/http/with-route";
import { getReport } from "@/lib/reports/get-report";

type Params = { report_id: string };

export const GET = withRoute<Params>(async ({ params, actor }) => {
  const reportId = idParamSchema.parse(params.report_id);
  return Response.json(await getReport({ ownerId: actor.userId, reportId }));
});
