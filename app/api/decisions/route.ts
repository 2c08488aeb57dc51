import { z } from "zod";
import { withRoute } from "@/lib/http/with-route";
import { listDecisions } from "@/lib/memory/knowledge/manage-knowledge";

const querySchema = z.object({ q: z.string().trim().max(500).optional() });

export const GET = withRoute(async ({ request, actor }) => {
  const query = querySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  return Response.json(await listDecisions({ ownerId: actor.userId, q: query.q || undefined }));
});
