import { listMemoriesQuerySchema } from "@/lib/contracts/memory";
import { withRoute } from "@/lib/http/with-route";
import { listMemories } from "@/lib/memory/manage/list-memories";

export const GET = withRoute(async ({ request, actor }) => {
  const query = listMemoriesQuerySchema.parse(
    Object.fromEntries(new URL(request.url).searchParams),
  );
  return Response.json(
    await listMemories({
      ownerId: actor.userId,
      q: query.q || undefined,
      store: query.store,
      kind: query.kind || undefined,
      includeSuperseded: query.include_superseded === "true",
      page: query.page,
      pageSize: query.page_size,
    }),
  );
});
