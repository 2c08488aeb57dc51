import { type NextRequest, NextResponse } from "next/server";
import { getEnv } from "@/lib/env";
import { errorResponse } from "@/lib/http/error-response";
import { isValidInternalKey } from "@/lib/identity/internal-service-key";
import { accessCookieName } from "@/lib/security/access-token";
import { guardRequest } from "@/lib/security/guard-request";
import { securityConfigFromEnv } from "@/lib/security/security-config";

/**
 * Keeps strangers out of the login-free server (SEC-1, SEC-2) before any route handler runs; the
 * decisions live in lib/security so they can be tested without a server.
 */
export function proxy(request: NextRequest): NextResponse | Response {
  const decision = guardRequest({
    request: {
      method: request.method,
      pathname: request.nextUrl.pathname,
      search: request.nextUrl.search,
      headers: request.headers,
      accessCookie: request.cookies.get(accessCookieName)?.value,
    },
    config: securityConfigFromEnv({ env: getEnv() }),
    isValidInternalKey,
  });
  if (decision.action === "continue") return NextResponse.next();
  if (decision.action === "redirect") {
    return NextResponse.redirect(new URL(decision.location, request.url));
  }
  return errorResponse(decision.error);
}

export const config = {
  // Build assets carry no data and the login page needs them before anyone has a token. The
  // dataset upload route is left out: Next buffers every body that passes through the proxy (and
  // cuts it at 10 MB), which would undo the streamed upload, so that route runs the same checks
  // itself (assertRequestAllowed).
  matcher: ["/((?!_next/|favicon.ico|api/projects/[^/]+/datasets$).*)"],
};
