export type OriginCheck = { ok: true } | { ok: false; reason: "cross_origin" | "opaque_origin" };

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

/** True for methods that may change state (everything but GET/HEAD/OPTIONS). */
export function isStateChangingMethod({ method }: { method: string }): boolean {
  return !safeMethods.has(method.toUpperCase());
}

/**
 * Same-origin rule for state changes (SEC-2). Browsers send `Origin` on every cross-origin POST
 * and modern ones `Sec-Fetch-Site` too, so either one naming another site is refused unless the
 * origin is listed in ALLOWED_ORIGINS. A request with neither header comes from a non-browser
 * client (curl, an SDK): it cannot be a forged cross-site request, so it passes here (the Host
 * and access-token checks still apply).
 */
export function checkRequestOrigin({
  method,
  origin,
  secFetchSite,
  host,
  allowedOrigins,
}: {
  method: string;
  origin: string | null;
  secFetchSite: string | null;
  host: string | null;
  allowedOrigins: readonly string[];
}): OriginCheck {
  if (!isStateChangingMethod({ method })) return { ok: true };
  if (origin !== null && allowedOrigins.includes(origin.replace(/\/$/, "").toLowerCase())) {
    return { ok: true };
  }
  const site = secFetchSite?.toLowerCase() ?? null;
  // "none" is a user-initiated navigation (typed URL, bookmark): no other site is involved.
  if (site !== null && site !== "same-origin" && site !== "none") {
    return { ok: false, reason: "cross_origin" };
  }
  if (origin === null) return { ok: true };
  // Sandboxed frames and some redirects send the literal "null": nobody can vouch for it.
  if (origin === "null") return { ok: false, reason: "opaque_origin" };
  const originHost = hostOfOrigin({ origin });
  if (originHost === null || host === null) return { ok: false, reason: "cross_origin" };
  // Only host[:port] is compared: behind a TLS-terminating proxy the browser says https while
  // this server sees http, yet it is the same origin (one listener per host and port).
  return stripDefaultPort({ host: originHost }) === stripDefaultPort({ host: host.toLowerCase() })
    ? { ok: true }
    : { ok: false, reason: "cross_origin" };
}

function hostOfOrigin({ origin }: { origin: string }): string | null {
  if (!URL.canParse(origin)) return null;
  const url = new URL(origin);
  return url.protocol === "http:" || url.protocol === "https:" ? url.host.toLowerCase() : null;
}

function stripDefaultPort({ host }: { host: string }): string {
  return host.replace(/:(80|443)$/, "");
}
