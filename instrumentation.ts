/**
 * Runs once when the server starts, before it serves requests: checks the configuration,
 * opens the database (starting the embedded PostgreSQL when DATABASE_URL is unset), applies
 * migrations and creates the login-free owner, so the first request does not pay for it and
 * a bad configuration stops the start instead of failing later.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { startServer } = await import("@/lib/backend/system/start-server");
  await startServer();
}
