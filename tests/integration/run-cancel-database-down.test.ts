import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { disconnectDb } from "@/lib/db/client";
import { closeDatabaseConnection } from "@/lib/db/database-connection";
import { type EmbeddedPostgresHandle, startEmbeddedPostgres } from "@/lib/db/embedded-postgres";
import { resetEnvForTests } from "@/lib/env";
import { reconcileRuns } from "@/lib/runs/final-state/reconcile-runs";
import { listStagedRunStates } from "@/lib/runs/phase/staged-run-state";
import { createSession } from "@/lib/sessions/create-session";
import { type FakeOpenAIServer, startFakeOpenAIServer } from "../support/fake-openai-server";
import { fakeModelEnvironment, type RunHarness, startRunHarness } from "../support/run-harness";

// This file runs the app on a PostgreSQL of its own, because the test stops it.
const modelKey = "sk-fake-down-0123456789";
const port = 55_400 + Math.floor(Math.random() * 400);
let directory: string;
let postgres: EmbeddedPostgresHandle | undefined;
let suiteDatabaseUrl: string | undefined;
let harness: RunHarness;
let llm: FakeOpenAIServer;

async function startPostgres() {
  postgres = await startEmbeddedPostgres({
    directory: path.join(directory, "postgres"),
    port,
    database: "down",
  });
  return postgres;
}

beforeAll(async () => {
  // Every directory above the data dir must be traversable by the postgres user.
  directory = await mkdtemp(path.join(os.tmpdir(), "workbench-down-"));
  const { chmod } = await import("node:fs/promises");
  await chmod(directory, 0o755);
  const handle = await startPostgres();
  suiteDatabaseUrl = process.env.DATABASE_URL;
  process.env.DATABASE_URL = handle.connectionString;
  resetEnvForTests();
  await disconnectDb();
  await closeDatabaseConnection();
  llm = await startFakeOpenAIServer({
    apiKey: modelKey,
    // A model that thinks far longer than the test: the run is live when the database stops.
    respond: () => ({ text: "never sent", delayMs: 120_000 }),
  });
  harness = await startRunHarness({
    extraEnv: {
      ...fakeModelEnvironment(llm.baseUrl, modelKey),
      DATA_DIR: path.join(directory, "app"),
    },
  });
}, 120_000);

afterAll(async () => {
  await harness?.close();
  await llm?.close();
  await disconnectDb();
  await closeDatabaseConnection();
  await postgres?.stop();
  process.env.DATABASE_URL = suiteDatabaseUrl;
  resetEnvForTests();
  await rm(directory, { recursive: true, force: true });
});

describe("cancel with the database down (RC-6, PS-2)", () => {
  it("answers 503 CANCEL_NOT_CONFIRMED, stops the local work, and the reconciler settles it after the restart", async () => {
    const session = await createSession({ ownerId: harness.userId, projectId: harness.projectId });
    const started = await harness.startRun(session.session_id, "think about it", {
      model: "fake-gpt",
    });
    expect(started.status).toBe(202);
    const runId: string = started.body.run_id;
    for (let waited = 0; waited < 20_000; waited += 100) {
      // The model's turn, not the embedding probe that learned knowledge sends first.
      if (llm.requests.some((request) => request.path === "/v1/chat/completions")) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect((await harness.snapshot(runId)).run_status).toBe("running");

    await postgres?.stop();
    const cancel = await harness.cancel({ cancel_request_id: randomUUID(), run_id: runId });
    expect(cancel.status).toBe(503);
    expect(cancel.body.error.code).toBe("CANCEL_NOT_CONFIRMED");
    expect(cancel.body.error.details).toMatchObject({ run_id: runId, local_stop: true });

    // The executor stopped and staged its final state, which it cannot save yet.
    let staged = await listStagedRunStates();
    for (
      let waited = 0;
      waited < 10_000 && !staged.some((state) => state.runId === runId);
      waited += 100
    ) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      staged = await listStagedRunStates();
    }
    expect(staged.find((state) => state.runId === runId)).toMatchObject({ status: "cancelled" });

    await startPostgres();
    await reconcileRuns();
    const settled = await harness.snapshot(runId);
    expect(settled).toMatchObject({
      run_status: "cancelled",
      cancel_status: "confirmed",
      execution_stopped: true,
      terminal_persisted: true,
      can_send: true,
    });
    expect((await listStagedRunStates()).map((state) => state.runId)).not.toContain(runId);
  }, 120_000);
});
