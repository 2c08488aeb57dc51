import { deleteMemory } from "@/lib/backend/memory/delete-memories";
import { idParamSchema } from "@/lib/http/route-params";
import { withRoute } from "@/lib/http/with-route";

type Params = { memory_id: string };

export const DELETE = withRoute<Params>(async ({ params, actor }) => {
  await deleteMemory({ ownerId: actor.userId, memoryId: idParamSchema.parse(params.memory_id) });
  return new Response(null, { status: 204 });
});
