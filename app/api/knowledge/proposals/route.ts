import { withRoute } from "@/lib/http/with-route";
import { listKnowledgeProposals } from "@/lib/memory/knowledge/manage-knowledge";

export const GET = withRoute(async ({ actor }) =>
  Response.json(await listKnowledgeProposals({ ownerId: actor.userId })),
);
