import { getArtifact } from "@/lib/artifacts/get-artifact";
import { idParamSchema } from "@/lib/http/route-params";
import { withRoute } from "@/lib/http/with-route";

type Params = { artifact_id: string };

export const GET = withRoute<Params>(async ({ params, actor }) => {
  const artifactId = idParamSchema.parse(params.artifact_id);
  return Response.json(await getArtifact({ ownerId: actor.userId, artifactId }));
});
