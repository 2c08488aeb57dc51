import { hostnameOfHostHeader, isLoopbackHostname, normalizeHostname } from "./loopback-host";

export type HostCheck = { ok: true } | { ok: false; reason: "host_not_allowed" };

/**
 * DNS rebinding guard (SEC-2): a page on evil.example whose name later resolves to 127.0.0.1
 * reaches us with `Host: evil.example`, so only loopback names and configured hosts are served.
 */
export function checkHostHeader({
  host,
  allowedHosts,
}: {
  host: string | null;
  allowedHosts: readonly string[];
}): HostCheck {
  // Browsers always send Host, so a request without one cannot be a rebinding page (and Node's
  // HTTP server already refuses HTTP/1.1 requests without it).
  if (host === null) return { ok: true };
  const hostname = hostnameOfHostHeader({ host });
  if (hostname === null) return { ok: false, reason: "host_not_allowed" };
  if (isLoopbackHostname({ hostname })) return { ok: true };
  const allowed = allowedHosts.some((entry) => normalizeHostname({ hostname: entry }) === hostname);
  return allowed ? { ok: true } : { ok: false, reason: "host_not_allowed" };
}
