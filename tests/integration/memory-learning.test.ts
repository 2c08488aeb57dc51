import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import * as capabilitiesRoute from "@/app/api/capabilities/route";
import * as memoriesRoute from "@/app/api/memories/route";
import { createSession } from "@/lib/backend/sessions/create-session";
import { getDb } from "@/lib/db/client";
import { resetEnvForTests } from "@/lib/env";
import { resetEmbedderForTests } from "@/lib/memory/embedding/get-embedder";
import { actingAs } from "../support/route-request";
import { type RunHarness, startRunHarness } from "../support/run-harness";

let harness: RunHarness;

beforeAll(async () => {
  harness = await startRunHarness();
}, 120_000);

afterAll(async () => {
  await harness?.close();
});

afterEach(() => {
  for (const name of ["EMBEDDING_PROVIDER", "EMBEDDING_API_KEY", "EMBEDDING_BASE_URL"]) {
    delete process.env[name];
  }
  resetEnvForTests();
  resetEmbedderForTests();
});

async function runToEnd(sessionId: string, message: string, options?: Record<string, string>) {
  const started = await harness.startRunWithBody(sessionId, {
    start_request_id: randomUUID(),
    message,
    attachments: [harness.karateId],
    ...(options ? { options } : {}),
  });
  expect(started.status).toBe(202);
  const runId = started.body.run_id as string;
  await harness.events(runId);
  return harness.snapshot(runId);
}

function answerOf(snapshot: { messages: { role: string; parts: { text?: string }[] }[] }) {
  return snapshot.messages
    .filter((message) => message.role === "assistant")
    .flatMap((message) => message.parts.map((part) => part.text ?? ""))
    .join("");
}

async function memoryRows(ownerId: string) {
  const db = await getDb();
  return db.memory.findMany({ where: { ownerId }, orderBy: { createdAt: "asc" } });
}

describe("memory and learning (MEM-1, MEM-3, MEM-4)", () => {
  it("saves a stated preference, injects it into a later report that follows it, and supersedes it", async () => {
    const { session_id: sessionId } = await createSession({
      ownerId: harness.userId,
      projectId: harness.projectId,
    });
    const stated = await runToEnd(sessionId, "I prefer reports that lead with the conclusion.");
    expect(stated.run_status).toBe("completed");
    expect(answerOf(stated)).toMatch(/Noted/);
    const [preference] = (await memoryRows(harness.userId)).filter(
      (row) => row.kind === "preference",
    );
    expect(preference).toMatchObject({
      subject: "report.lead",
      sourceRunId: stated.run_id,
      supersededAt: null,
    });

    const report = await runToEnd(sessionId, "write a report of the top 5 nodes by degree", {
      output_format: "report",
    });
    expect(report.run_status).toBe("completed");
    expect(report.memories_used).toContainEqual({ memory_id: preference.id, store: "profile" });
    const text = answerOf(report);
    expect(text).toContain(preference.id);
    expect(text.indexOf("### Conclusion")).toBeLessThan(text.indexOf("### Sources"));
    expect(text.indexOf("### Conclusion")).toBeLessThan(text.search(/### (?!Conclusion)/));

    const corrected = await runToEnd(sessionId, "Actually, lead with the method");
    expect(corrected.run_status).toBe("completed");
    const rows = (await memoryRows(harness.userId)).filter((row) => row.kind === "preference");
    const live = rows.filter((row) => row.supersededAt === null);
    expect(live).toHaveLength(1);
    expect(live[0].text).toBe("Lead with the method");
    expect(rows.find((row) => row.id === preference.id)?.supersededById).toBe(live[0].id);

    const second = await runToEnd(sessionId, "write a report of the top 5 nodes by degree", {
      output_format: "report",
    });
    expect(second.memories_used).toContainEqual({ memory_id: live[0].id, store: "profile" });
    expect(second.memories_used).not.toContainEqual({ memory_id: preference.id, store: "profile" });
    const method = answerOf(second);
    // Method first: some section heading comes before the conclusion.
    expect(method.search(/### (?!Conclusion)/)).toBeLessThan(method.indexOf("### Conclusion"));
  });

  it("never stores a node list or a tool error in any store", async () => {
    const { session_id: sessionId } = await createSession({
      ownerId: harness.userId,
      projectId: harness.projectId,
    });
    const before = (await memoryRows(harness.userId)).length;
    await runToEnd(sessionId, "Remember that the key nodes are 1, 2, 3, 4, 5, 6, 7, 8 and 9");
    // A transient tool error stated as a "fact", and a run whose lookup finds nothing.
    await runToEnd(sessionId, "Remember that get_neighbors failed with NODE_NOT_FOUND");
    const missing = await runToEnd(sessionId, "shortest path from 1 to 99999");
    expect(missing.run_status).toBe("completed");
    await runToEnd(sessionId, "show the top 10 nodes by pagerank");
    expect((await memoryRows(harness.userId)).length).toBe(before);
    const db = await getDb();
    const knowledge = await db.knowledge.findMany({ where: { ownerId: harness.userId } });
    for (const item of knowledge) {
      expect(item.text).not.toMatch(/NODE_NOT_FOUND|error|failed/i);
      expect(item.text).not.toMatch(/\b34\b.*\b33\b/);
    }
    const decisions = await db.decision.findMany({ where: { ownerId: harness.userId } });
    expect(decisions.every((row) => !/NODE_NOT_FOUND/.test(row.reason))).toBe(true);
  });

  it("a run stopped mid-extraction leaves no memory and no vector row", async () => {
    let embeddingRequests = 0;
    let release: (() => void) | undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let onHeld: () => void = () => {};
    const reachedHold = new Promise<void>((resolve) => {
      onHeld = resolve;
    });
    const server: Server = createServer((request, response) => {
      let body = "";
      request.on("data", (chunk) => {
        body += chunk;
      });
      request.on("end", () => {
        embeddingRequests++;
        const input = JSON.parse(body).input as string[];
        const answer = () =>
          response.end(
            JSON.stringify({
              data: input.map((_, index) => ({ index, embedding: [1, 0, 0, index] })),
            }),
          );
        // The probe and the knowledge query answer; the learning step's embedding hangs.
        if (input[0]?.startsWith("To answer")) {
          onHeld();
          void held.then(answer);
        } else {
          answer();
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as AddressInfo).port;
    process.env.EMBEDDING_API_KEY = "test-key";
    process.env.EMBEDDING_BASE_URL = `http://127.0.0.1:${port}/v1`;
    resetEnvForTests();
    resetEmbedderForTests();
    try {
      const { session_id: sessionId } = await createSession({
        ownerId: harness.userId,
        projectId: harness.projectId,
      });
      const db = await getDb();
      const memoriesBefore = await db.memory.count({ where: { ownerId: harness.userId } });
      const knowledgeBefore = await db.knowledge.count({ where: { ownerId: harness.userId } });
      const started = await harness.startRunWithBody(sessionId, {
        start_request_id: randomUUID(),
        message: "Remember that customers:34 is our key account. Show the top 3 nodes by degree",
        attachments: [harness.karateId],
      });
      const runId = started.body.run_id as string;
      await reachedHold;
      const cancelled = await harness.cancel({ cancel_request_id: randomUUID(), run_id: runId });
      expect(cancelled.status).toBe(202);
      await harness.events(runId);
      release?.();
      const snapshot = await harness.snapshot(runId);
      expect(snapshot.run_status).toBe("cancelled");
      // Let a late write (had the abort not reached it) land before looking.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await db.memory.count({ where: { ownerId: harness.userId } })).toBe(memoriesBefore);
      expect(await db.knowledge.count({ where: { ownerId: harness.userId } })).toBe(
        knowledgeBefore,
      );
      expect(embeddingRequests).toBeGreaterThanOrEqual(2);
    } finally {
      release?.();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("without any embedding service learned knowledge is off with the reason, and the other stores work", async () => {
    const capabilities = await (
      await capabilitiesRoute.GET(new Request("http://test.local/x"))
    ).json();
    expect(capabilities.learned_knowledge).toBe(false);
    expect(capabilities.details.learned_knowledge).toMatch(/no embedding service/);
    expect(capabilities.vector_backend).toBeNull();
    const listed = await memoriesRoute.GET(
      new Request("http://test.local/api/memories?store=profile", {
        headers: actingAs(harness.userId),
      }),
      { params: Promise.resolve({}) },
    );
    expect(listed.status).toBe(200);
    const body = await listed.json();
    expect(body.records.length).toBeGreaterThan(0);
    expect(body.records.every((record: { store: string }) => record.store === "profile")).toBe(
      true,
    );
  });
});
