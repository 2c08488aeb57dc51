import { rm } from "node:fs/promises";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { getEnv } from "@/lib/env";
import { prepareTestDatabase } from "../support/test-database";

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
    databaseMode: "external" | "embedded";
    appDataDirectory: string;
  }
}

/**
 * Prepares one migrated, empty database and a fresh app data directory for the suite. The app
 * directory is per run (and removed after it), so two suites on one checkout — each with its own
 * TEST_DATABASE_URL — do not delete each other's uploads and staged run states.
 */
export default async function setup(project: TestProject) {
  const testRoot = path.resolve(".data/test");
  const appDataDirectory = path.join(testRoot, `app-${process.pid}`);
  await rm(appDataDirectory, { recursive: true, force: true });
  const database = await prepareTestDatabase({
    testDatabaseUrl: getEnv().TEST_DATABASE_URL,
    dataDirectory: testRoot,
  });
  project.provide("databaseUrl", database.connectionString);
  project.provide("databaseMode", database.mode);
  project.provide("appDataDirectory", appDataDirectory);
  return async () => {
    await database.stop();
    await rm(appDataDirectory, { recursive: true, force: true });
  };
}
