import { z } from "zod";
import { listDecisions } from "@/lib/backend/memory/knowledge";
import { withRoute } from "@/lib/http/with-route";

const querySchema = z.object({ q: z.string().trim().max(500).optional() });

export const GET = withRoute(async ({ request, actor }) => {
  const query = querySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  return Response.json(await listDecisions({ ownerId: actor.userId, q: query.q || undefined }));
});
