import { listKnowledgeProposals } from "@/lib/backend/memory/knowledge";
import { withRoute } from "@/lib/http/with-route";

export const GET = withRoute(async ({ actor }) =>
  Response.json(await listKnowledgeProposals({ ownerId: actor.userId })),
);
