import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";

// Debian's chromium, never a downloaded browser: the machines reach only the npm registry.
const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!existsSync(chromiumPath)) {
  throw new Error(
    `Chromium not found at ${chromiumPath}. Install it with \`apt-get install -y chromium\` ` +
      "or set CHROMIUM_PATH to a Chromium/Chrome executable.",
  );
}

// E2E_PORT / E2E_EMBEDDED_POSTGRES_PORT let two checkouts run their suites side by side.
const port = Number(process.env.E2E_PORT ?? 3100);
// E2E_BASE_URL runs the suite against a server you started yourself (e.g. `next dev` with
// UPLOAD_MAX_BYTES=1048576); without it Playwright starts the production build below.
const externalBaseURL = process.env.E2E_BASE_URL;
const baseURL = externalBaseURL ?? `http://127.0.0.1:${port}`;

// The server under test gets its own data directory and embedded-database port, so a
// developer's `npm run dev` (default .data, port 54329) can keep running beside the suite.
const serverEnvironment: Record<string, string> = {
  DATA_DIR: ".data/e2e",
  UPLOAD_MAX_BYTES: "1048576",
  NODE_ENV: "production",
  INTERNAL_SERVICE_KEY: "e2e-internal-service-key-0123456789",
  PORT: String(port),
  EMBEDDED_POSTGRES_PORT: process.env.E2E_EMBEDDED_POSTGRES_PORT ?? "54339",
  // Run control on (with the internal key above): Stop, approval continue and edit-latest-turn
  // are offered, as in `.env.example` (RC-1).
  IGRAPH_RUN_CANCEL_ENABLED: "true",
};
if (process.env.TEST_DATABASE_URL) serverEnvironment.DATABASE_URL = process.env.TEST_DATABASE_URL;

// Playwright merges webServer.env over process.env; a developer's DATABASE_URL must not leak
// in and point the suite at a real database when TEST_DATABASE_URL is not given.
if (!process.env.TEST_DATABASE_URL) delete process.env.DATABASE_URL;

export default defineConfig({
  testDir: "./e2e",
  testMatch: "**/*.spec.ts",
  outputDir: "test-results",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [["list"], ["html", { open: "never", outputFolder: "playwright-report" }]],
  use: {
    baseURL,
    screenshot: "on",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
        // WebGL (the graph page's sigma drawing) then runs on SwiftShader, Chromium's software
        // renderer. Chromium 156 still falls back to it by itself under --disable-gpu; Chromium
        // has deprecated that automatic fallback, and this flag is the documented opt-in.
        "--enable-unsafe-swiftshader",
      ],
    },
  },
  projects: [
    {
      name: "chromium",
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } },
    },
  ],
  webServer: externalBaseURL
    ? undefined
    : {
        command: `npm run start -- --port ${port}`,
        url: `${baseURL}/api/health`,
        reuseExistingServer: false,
        timeout: 180_000,
        stdout: "pipe",
        stderr: "pipe",
        env: serverEnvironment,
      },
});
