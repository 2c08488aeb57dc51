import type { ApiError } from "@/lib/errors/api-error";
import {
  ForbiddenOriginError,
  UnauthorizedError,
  UnsupportedMediaTypeError,
} from "@/lib/errors/http-errors";
import { hasValidAccessCredential } from "./access-token";
import { checkHostHeader } from "./check-host-header";
import { checkRequestContentType } from "./check-request-content-type";
import { checkRequestOrigin } from "./check-request-origin";
import type { SecurityConfig } from "./security-config";

/** The parts of an incoming request the guard looks at. */
export type GuardedRequest = {
  method: string;
  pathname: string;
  search: string;
  headers: Headers;
  /** Value of the access cookie, if the request has one. */
  accessCookie: string | undefined;
};

export type GuardDecision =
  | { action: "continue" }
  | { action: "refuse"; error: ApiError }
  | { action: "redirect"; location: string };

/** The login page and its endpoint must be reachable without the token they hand out. */
export const loginPagePath = "/login";
const loginPaths = new Set([loginPagePath, "/api/login"]);

/**
 * SEC-1/2/3 for one request, before any route handler runs. Order: readiness probe → internal
 * key (internal routes) → Host allow-list → same origin → media type → access token. Every
 * refusal happens before the handler, so a refused request changes nothing.
 */
export function guardRequest({
  request,
  config,
  isValidInternalKey,
}: {
  request: GuardedRequest;
  config: SecurityConfig;
  isValidInternalKey: (presented: string | null) => boolean;
}): GuardDecision {
  const { method, pathname, headers } = request;
  // Probes (Playwright's webServer, container health checks) carry no token and reach the
  // server under whatever address they use; the answer holds no data.
  if (pathname === "/api/health" && (method === "GET" || method === "HEAD")) {
    return { action: "continue" };
  }
  // MCP and internal APIs serve other processes (engine, workers) by any host name; the key is
  // their credential, and a browser page can neither read nor forge it.
  if (isInternalPath({ pathname })) {
    return isValidInternalKey(headers.get("x-internal-key"))
      ? { action: "continue" }
      : refuse(new UnauthorizedError());
  }
  const host = checkHostHeader({ host: headers.get("host"), allowedHosts: config.allowedHosts });
  if (!host.ok) {
    return refuse(
      new ForbiddenOriginError(
        "This server does not answer to that host name. Add it to ALLOWED_HOSTS if it is yours.",
        { reason: host.reason, host: headers.get("host") },
      ),
    );
  }
  const origin = checkRequestOrigin({
    method,
    origin: headers.get("origin"),
    secFetchSite: headers.get("sec-fetch-site"),
    host: headers.get("host"),
    allowedOrigins: config.allowedOrigins,
  });
  if (!origin.ok) {
    return refuse(
      new ForbiddenOriginError(
        "Changes are accepted only from this workbench's own pages (or an origin in ALLOWED_ORIGINS).",
        { reason: origin.reason, origin: headers.get("origin") },
      ),
    );
  }
  const mediaType = checkRequestContentType({
    method,
    pathname,
    contentType: headers.get("content-type"),
    hasBody: hasRequestBody({ headers }),
  });
  if (!mediaType.ok) {
    return refuse(
      new UnsupportedMediaTypeError(`This route takes a body of type ${mediaType.expected}.`, {
        expected: mediaType.expected,
        received: mediaType.received,
      }),
    );
  }
  return checkAccessToken({ request, config });
}

function checkAccessToken({
  request,
  config,
}: {
  request: GuardedRequest;
  config: SecurityConfig;
}): GuardDecision {
  const { accessToken } = config;
  if (!accessToken || loginPaths.has(request.pathname)) return { action: "continue" };
  const valid = hasValidAccessCredential({
    token: accessToken,
    authorization: request.headers.get("authorization"),
    cookie: request.accessCookie,
  });
  if (valid) return { action: "continue" };
  const isPageView =
    !request.pathname.startsWith("/api/") &&
    (request.method === "GET" || request.method === "HEAD");
  if (isPageView) {
    const next = encodeURIComponent(`${request.pathname}${request.search}`);
    return { action: "redirect", location: `${loginPagePath}?next=${next}` };
  }
  return refuse(
    new UnauthorizedError(
      `This workbench needs its access token: send "Authorization: Bearer <token>" or sign in at ${loginPagePath}.`,
    ),
  );
}

function isInternalPath({ pathname }: { pathname: string }): boolean {
  return (
    pathname === "/api/mcp" ||
    pathname.startsWith("/api/mcp/") ||
    pathname.startsWith("/api/internal/")
  );
}

function hasRequestBody({ headers }: { headers: Headers }): boolean {
  const length = Number(headers.get("content-length") ?? "0");
  return headers.has("transfer-encoding") || (Number.isFinite(length) && length > 0);
}

function refuse(error: ApiError): GuardDecision {
  return { action: "refuse", error };
}
