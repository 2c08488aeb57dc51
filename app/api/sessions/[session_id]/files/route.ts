import { sessionFilesQuerySchema } from "@/lib/contracts/workspace-files";
import { idParamSchema } from "@/lib/http/route-params";
import { withRoute } from "@/lib/http/with-route";
import { listSessionFiles } from "@/lib/workspace/list-session-files";

type Params = { session_id: string };

export const GET = withRoute<Params>(async ({ request, params, actor }) => {
  const sessionId = idParamSchema.parse(params.session_id);
  const { area } = sessionFilesQuerySchema.parse(
    Object.fromEntries(new URL(request.url).searchParams),
  );
  return Response.json(await listSessionFiles({ ownerId: actor.userId, sessionId, area }));
});
