import { idParamSchema } from "@/lib/http/route-params";
import { withRoute } from "@/lib/http/with-route";
import { decideProposal } from "@/lib/memory/knowledge/manage-knowledge";

type Params = { knowledge_id: string };

export const POST = withRoute<Params>(async ({ params, actor }) =>
  Response.json(
    await decideProposal({
      ownerId: actor.userId,
      knowledgeId: idParamSchema.parse(params.knowledge_id),
      decision: "discard",
    }),
  ),
);
