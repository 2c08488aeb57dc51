/** Strips IPv6 brackets and a trailing dot, lowercases: `[::1]` → `::1`, `Localhost.` → `localhost`. */
export function normalizeHostname({ hostname }: { hostname: string }): string {
  const lower = hostname.trim().toLowerCase().replace(/\.$/, "");
  return lower.startsWith("[") && lower.endsWith("]") ? lower.slice(1, -1) : lower;
}

/**
 * True for names that can only mean this machine: `localhost`, 127.0.0.0/8 and `::1`. A DNS name
 * that happens to resolve to 127.0.0.1 is deliberately not loopback here (that is DNS rebinding).
 */
export function isLoopbackHostname({ hostname }: { hostname: string }): boolean {
  const name = normalizeHostname({ hostname });
  if (name === "localhost" || name === "::1" || name === "0:0:0:0:0:0:0:1") return true;
  return /^127(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/.test(name);
}

/** Hostname part of a Host header (`name`, `name:port`, `[v6]:port`), or null when malformed. */
export function hostnameOfHostHeader({ host }: { host: string }): string | null {
  if (host.trim() === "" || /[\s/\\@?#]/.test(host)) return null;
  try {
    return normalizeHostname({ hostname: new URL(`http://${host}`).hostname });
  } catch {
    return null;
  }
}
