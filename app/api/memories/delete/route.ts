import { bulkDeleteMemoriesBodySchema } from "@/lib/contracts/memory";
import { parseJsonBody } from "@/lib/http/parse-json-body";
import { withRoute } from "@/lib/http/with-route";
import { deleteMemories } from "@/lib/memory/manage/delete-memories";

// Bulk delete is a POST with a JSON body: the security proxy checks origin and content type.
export const POST = withRoute(async ({ request, actor }) => {
  const body = await parseJsonBody(request, bulkDeleteMemoriesBodySchema);
  return Response.json(await deleteMemories({ ownerId: actor.userId, memoryIds: body.memory_ids }));
});
