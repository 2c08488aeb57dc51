import { withPublicRoute } from "@/lib/http/with-route";
import { getHealth } from "@/lib/server/get-health";

export const GET = withPublicRoute(async () => {
  const health = await getHealth();
  return Response.json(health, {
    status: health.ok ? 200 : 503,
    headers: { "cache-control": "no-store" },
  });
});
