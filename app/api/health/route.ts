import { getHealth } from "@/lib/backend/system/get-health";
import { withPublicRoute } from "@/lib/http/with-route";

export const GET = withPublicRoute(async () => {
  const health = await getHealth();
  return Response.json(health, {
    status: health.ok ? 200 : 503,
    headers: { "cache-control": "no-store" },
  });
});
