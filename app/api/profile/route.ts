import { updateProfileBodySchema } from "@/lib/contracts/memory";
import { parseJsonBody } from "@/lib/http/parse-json-body";
import { withRoute } from "@/lib/http/with-route";
import { getProfile, updateProfile } from "@/lib/memory/manage/profile";

export const GET = withRoute(async ({ actor }) =>
  Response.json(await getProfile({ ownerId: actor.userId })),
);

export const PUT = withRoute(async ({ request, actor }) => {
  const body = await parseJsonBody(request, updateProfileBodySchema);
  return Response.json(
    await updateProfile({ ownerId: actor.userId, preferences: body.preferences }),
  );
});
