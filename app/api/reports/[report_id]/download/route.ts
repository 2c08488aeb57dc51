import { reportDownloadQuerySchema } from "@/lib/contracts/analysis-report";
import { idParamSchema } from "@/lib/http/route-params";
import { withRoute } from "@/lib/http/with-route";
import { downloadReport } from "@/lib/reports/download-report";

type Params = { report_id: string };

export const GET = withRoute<Params>(async ({ request, params, actor }) => {
  const reportId = idParamSchema.parse(params.report_id);
  const { format } = reportDownloadQuerySchema.parse(
    Object.fromEntries(new URL(request.url).searchParams),
  );
  return downloadReport({ ownerId: actor.userId, reportId, format });
});
