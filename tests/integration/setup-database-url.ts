import { inject } from "vitest";
import { resetEnvForTests } from "@/lib/env";

// Runs in each test worker before the test files import lib code: point the app at the suite's
// database and data directory, with a known internal key for identity-header requests.
process.env.DATABASE_URL = inject("databaseUrl");
process.env.DATA_DIR = inject("appDataDirectory");
// The suite checks stored files on disk; BLOB_STORE=postgres runs it against the database store.
process.env.BLOB_STORE ??= "local";
process.env.INTERNAL_SERVICE_KEY = "integration-internal-key-0123456789";
resetEnvForTests();
