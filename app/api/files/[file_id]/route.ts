import { idParamSchema } from "@/lib/http/route-params";
import { withRoute } from "@/lib/http/with-route";
import { downloadWorkspaceFile } from "@/lib/workspace/download-workspace-file";

type Params = { file_id: string };

export const GET = withRoute<Params>(async ({ params, actor }) => {
  const fileId = idParamSchema.parse(params.file_id);
  return downloadWorkspaceFile({ ownerId: actor.userId, fileId });
});
