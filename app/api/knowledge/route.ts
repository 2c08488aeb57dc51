import { createKnowledgeBodySchema } from "@/lib/contracts/memory";
import { parseJsonBody } from "@/lib/http/parse-json-body";
import { withRoute } from "@/lib/http/with-route";
import { addKnowledge } from "@/lib/memory/knowledge/manage-knowledge";

export const POST = withRoute(async ({ request, actor }) => {
  const body = await parseJsonBody(request, createKnowledgeBodySchema);
  const item = await addKnowledge({
    ownerId: actor.userId,
    text: body.text,
    tags: body.tags ?? [],
  });
  return Response.json(item, { status: item.duplicate ? 200 : 201 });
});
