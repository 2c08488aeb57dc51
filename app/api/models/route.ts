import { createCustomModel } from "@/lib/agent/models/catalogue/create-custom-model";
import { createCustomModelBodySchema } from "@/lib/agent/models/catalogue/custom-model-input";
import { listModels } from "@/lib/agent/models/catalogue/list-models";
import { parseJsonBody } from "@/lib/http/parse-json-body";
import { withRoute } from "@/lib/http/with-route";

export const GET = withRoute(async ({ actor }) =>
  Response.json(await listModels({ ownerId: actor.userId }), {
    headers: { "cache-control": "no-store" },
  }),
);

export const POST = withRoute(async ({ request, actor }) => {
  const body = await parseJsonBody(request, createCustomModelBodySchema);
  const model = await createCustomModel({ ownerId: actor.userId, ...body });
  return Response.json(model, { status: 201 });
});
