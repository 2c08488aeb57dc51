/**
 * Runs once when the server starts, before it serves requests: checks the configuration,
 * opens the database (starting the embedded PostgreSQL when DATABASE_URL is unset), applies
 * migrations and creates the login-free owner, so the first request does not pay for it and
 * a bad configuration stops the start instead of failing later: one sentence, exit code 1,
 * rather than a stack trace and a server that accepts requests it can never answer.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { exitOnStartFailure } = await import("@/lib/server/exit-on-start-failure");
  try {
    // First, so the start-up is traced too; only with OTEL_EXPORTER_OTLP_ENDPOINT set
    // (docs/observability.md), otherwise nothing is registered.
    const { startTracing } = await import("@/lib/telemetry/start-tracing");
    const traces = startTracing({ process: "app" });
    if (traces) console.info(`workbench: traces go to ${traces.url} (${traces.protocol})`);
    const { startServer } = await import("@/lib/server/start-server");
    await startServer();
  } catch (error) {
    exitOnStartFailure({ error });
  }
}
