import "server-only";
import { type Actor, getRequestActor } from "@/lib/identity/request-actor";
import { toErrorResponse } from "./error-response";

type RouteContext = { params: Promise<Record<string, string>> };

type Handler<Params> = (input: {
  request: Request;
  params: Params;
  actor: Actor;
}) => Promise<Response>;

/**
 * The one wrapper every browser-facing route uses: resolves who acts, runs the handler and
 * turns thrown ApiErrors / validation errors into the docs/api.md envelope.
 */
export function withRoute<Params = Record<string, never>>(handler: Handler<Params>) {
  return async (request: Request, context: RouteContext): Promise<Response> => {
    try {
      const params = (await context.params) as Params;
      const actor = await getRequestActor(request);
      return await handler({ request, params, actor });
    } catch (error) {
      return toErrorResponse(error);
    }
  };
}

/** Like withRoute, for routes that need no actor (health, capabilities). */
export function withPublicRoute(handler: (input: { request: Request }) => Promise<Response>) {
  return async (request: Request): Promise<Response> => {
    try {
      return await handler({ request });
    } catch (error) {
      return toErrorResponse(error);
    }
  };
}
