import { getCurrentUser } from "@/lib/backend/identity/get-current-user";
import { withRoute } from "@/lib/http/with-route";

export const GET = withRoute(async ({ actor }) => Response.json(await getCurrentUser({ actor })));
