import { searchKnowledgeQuerySchema } from "@/lib/contracts/memory";
import { withRoute } from "@/lib/http/with-route";
import { searchKnowledge } from "@/lib/memory/knowledge/search-knowledge";

export const GET = withRoute(async ({ request, actor }) => {
  const query = searchKnowledgeQuerySchema.parse(
    Object.fromEntries(new URL(request.url).searchParams),
  );
  return Response.json(
    await searchKnowledge({ ownerId: actor.userId, query: query.q, k: query.k }),
  );
});
