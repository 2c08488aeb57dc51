import { withPublicRoute } from "@/lib/http/with-route";
import { getCapabilities } from "@/lib/server/get-capabilities";

export const GET = withPublicRoute(async () => Response.json(await getCapabilities()));
