import { ConfigurationError } from "@/lib/env";
import { isLoopbackHostname } from "./loopback-host";

/**
 * The address the server was told to listen on: `-H`/`--hostname` on the command line wins
 * (someone may run `next start -H 0.0.0.0` by hand), else HOST (what the npm scripts pass).
 */
export function resolveListenHost({ argv, host }: { argv: readonly string[]; host: string }) {
  for (let index = 0; index < argv.length; index += 1) {
    const argument = argv[index] ?? "";
    if ((argument === "-H" || argument === "--hostname") && argv[index + 1]) {
      return argv[index + 1] as string;
    }
    const inline = /^--hostname=(.+)$/.exec(argument)?.[1];
    if (inline) return inline;
  }
  return host;
}

/**
 * SEC-1: login-free means whoever reaches the port acts as the owner, so listening beyond
 * loopback is refused unless an access token keeps strangers out.
 */
export function assertListenAddressAllowed({
  listenHost,
  accessToken,
}: {
  listenHost: string;
  accessToken: string | undefined;
}): void {
  if (accessToken || isLoopbackHostname({ hostname: listenHost })) return;
  throw new ConfigurationError(
    `Refusing to listen on ${listenHost}: anyone who reaches it would act as the workspace owner, so set WORKBENCH_ACCESS_TOKEN (at least 16 characters) or listen on loopback (HOST=127.0.0.1).`,
  );
}
