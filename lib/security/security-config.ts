import type { Environment } from "@/lib/env";
import { localInterfaceAddresses } from "./local-interface-addresses";
import { isLoopbackHostname, normalizeHostname } from "./loopback-host";

/** What the request guard needs from the configuration. */
export type SecurityConfig = {
  accessToken: string | undefined;
  allowedOrigins: readonly string[];
  allowedHosts: readonly string[];
};

const wildcardHosts = new Set(["0.0.0.0", "::", "*", ""]);

/**
 * Hosts beyond loopback that may appear in `Host`: ALLOWED_HOSTS, the hosts of ALLOWED_ORIGINS
 * (a reverse proxy that keeps the public Host), HOST when it names one address, since people
 * then open exactly that address, and this machine's own addresses when HOST is a wildcard.
 */
export function securityConfigFromEnv({ env }: { env: Environment }): SecurityConfig {
  const hosts = new Set(env.ALLOWED_HOSTS.map((hostname) => normalizeHostname({ hostname })));
  for (const origin of env.ALLOWED_ORIGINS) {
    hosts.add(normalizeHostname({ hostname: new URL(origin).hostname }));
  }
  const listenHost = normalizeHostname({ hostname: env.HOST });
  if (wildcardHosts.has(listenHost)) {
    for (const address of localInterfaceAddresses()) {
      hosts.add(normalizeHostname({ hostname: address }));
    }
  } else if (!isLoopbackHostname({ hostname: listenHost })) {
    hosts.add(listenHost);
  }
  return {
    accessToken: env.WORKBENCH_ACCESS_TOKEN,
    allowedOrigins: env.ALLOWED_ORIGINS.map((origin) => origin.toLowerCase()),
    allowedHosts: [...hosts],
  };
}
