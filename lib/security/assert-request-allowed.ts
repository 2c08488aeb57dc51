import { getEnv } from "@/lib/env";
import { isValidInternalKey } from "@/lib/identity/internal-service-key";
import { accessCookieName } from "./access-token";
import { guardRequest } from "./guard-request";
import { securityConfigFromEnv } from "./security-config";

/**
 * The proxy's checks, for a route the proxy must not see: Next buffers (and past
 * `proxyClientMaxBodySize`, 10 MB, truncates) every body that passes through proxy.ts, so a
 * streaming upload route is left out of the matcher and calls this first instead.
 */
export function assertRequestAllowed({ request }: { request: Request }): void {
  const url = new URL(request.url);
  const decision = guardRequest({
    request: {
      method: request.method,
      pathname: url.pathname,
      search: url.search,
      headers: request.headers,
      accessCookie: readCookie({ header: request.headers.get("cookie"), name: accessCookieName }),
    },
    config: securityConfigFromEnv({ env: getEnv() }),
    isValidInternalKey,
  });
  if (decision.action === "refuse") throw decision.error;
}

function readCookie({ header, name }: { header: string | null; name: string }) {
  for (const part of (header ?? "").split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return value.join("=");
  }
  return undefined;
}
