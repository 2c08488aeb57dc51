import { ConfigurationError, getEnv } from "@/lib/env";
import { assertListenAddressAllowed, resolveListenHost } from "./listen-address";

/**
 * Start-up check of SEC-1, called first from startServer: a login-free server on a public
 * interface without an access token stops here with one sentence and exit code 1.
 */
export function refuseUnsafeListenAddress(): void {
  const env = getEnv();
  try {
    assertListenAddressAllowed({
      listenHost: resolveListenHost({ argv: process.argv, host: env.HOST }),
      accessToken: env.WORKBENCH_ACCESS_TOKEN,
    });
  } catch (error) {
    if (!(error instanceof ConfigurationError)) throw error;
    // Exit rather than throw: Next reports a failed instrumentation hook as a long stack trace
    // that buries the reason, and the port must not stay open meanwhile.
    console.error(`workbench: ${error.message}`);
    process.exit(1);
  }
}
