import { withRoute } from "@/lib/http/with-route";
import { getCurrentUser } from "@/lib/identity/get-current-user";

export const GET = withRoute(async ({ actor }) => Response.json(await getCurrentUser({ actor })));
