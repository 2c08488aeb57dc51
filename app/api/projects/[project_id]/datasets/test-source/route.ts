import { postgresSourceBodySchema } from "@/lib/contracts/postgres-source";
import { parseJsonBody } from "@/lib/http/parse-json-body";
import { idParamSchema } from "@/lib/http/route-params";
import { withRoute } from "@/lib/http/with-route";
import { checkPostgresSource } from "@/lib/postgres-sources/check-postgres-source";

type Params = { project_id: string };

/** "Test connection": tries a live source without adding it; answers the tables it would read. */
export const POST = withRoute<Params>(async ({ request, params, actor }) => {
  const projectId = idParamSchema.parse(params.project_id);
  const body = await parseJsonBody(request, postgresSourceBodySchema);
  const { address, tables } = await checkPostgresSource({ ownerId: actor.userId, projectId, body });
  return Response.json({ ok: true, url: address.shownUrl, schema: body.source.schema, tables });
});
