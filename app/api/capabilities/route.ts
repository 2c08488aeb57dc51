import { getCapabilities } from "@/lib/backend/system/get-capabilities";
import { withPublicRoute } from "@/lib/http/with-route";

export const GET = withPublicRoute(async () => Response.json(await getCapabilities()));
