// Runs `prisma generate` offline. Generate does not use the schema engine, so pointing the
// engine at /bin/true stops the CLI from trying to download it (it fails offline). The
// variable is set for this command only: migrate with it would silently apply nothing.
import { spawnSync } from "node:child_process";

const result = spawnSync("npx", ["prisma", "generate"], {
  stdio: "inherit",
  env: {
    ...process.env,
    PRISMA_SCHEMA_ENGINE_BINARY: "/bin/true",
    PRISMA_HIDE_UPDATE_MESSAGE: "1",
  },
});
process.exit(result.status ?? 1);
