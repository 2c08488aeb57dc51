import { idParamSchema } from "@/lib/http/route-params";
import { withRoute } from "@/lib/http/with-route";
import { deleteMemory } from "@/lib/memory/manage/delete-memories";

type Params = { memory_id: string };

export const DELETE = withRoute<Params>(async ({ params, actor }) => {
  await deleteMemory({ ownerId: actor.userId, memoryId: idParamSchema.parse(params.memory_id) });
  return new Response(null, { status: 204 });
});
