import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import * as capabilitiesRoute from "@/app/api/capabilities/route";
import * as decisionsRoute from "@/app/api/decisions/route";
import * as acceptRoute from "@/app/api/knowledge/proposals/[knowledge_id]/accept/route";
import * as discardRoute from "@/app/api/knowledge/proposals/[knowledge_id]/discard/route";
import * as proposalsRoute from "@/app/api/knowledge/proposals/route";
import * as knowledgeSearchRoute from "@/app/api/knowledge/search/route";
import * as memoriesRoute from "@/app/api/memories/route";
import { getDb } from "@/lib/db/client";
import { resetEnvForTests } from "@/lib/env";
import { resetEmbedderForTests } from "@/lib/memory/embedding/get-embedder";
import { createSession } from "@/lib/sessions/create-session";
import {
  type FakeOpenAIServer,
  type FakeTurn,
  startFakeOpenAIServer,
} from "../support/fake-openai-server";
import { actingAs, routeContext } from "../support/route-request";
import { type RunHarness, startRunHarness } from "../support/run-harness";

let harness: RunHarness;

beforeAll(async () => {
  harness = await startRunHarness();
}, 120_000);

afterAll(async () => {
  await harness?.close();
});

const serviceVariables = [
  "EMBEDDING_PROVIDER",
  "EMBEDDING_API_KEY",
  "EMBEDDING_BASE_URL",
  "OPENAI_API_KEY",
  "OPENAI_BASE_URL",
  "LLM_API_KEY",
  "LLM_BASE_URL",
  "LLM_MODEL",
  "LLM_PROTOCOL",
  "QWEN_API_KEY",
  "QWEN_BASE_URL",
  "MEMORY_LLM_EXTRACTION",
];

afterEach(() => {
  for (const name of serviceVariables) delete process.env[name];
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
        if (input[0]?.startsWith("To ")) {
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

function ownerRequest(url: string, init: RequestInit = {}) {
  return new Request(`http://test.local${url}`, {
    ...init,
    headers: { ...actingAs(harness.userId), "content-type": "application/json" },
  });
}

async function sessionContextOf(sessionId: string) {
  const db = await getDb();
  return db.sessionContext.findUnique({ where: { sessionId } });
}

/** The session context as the Memory page (and the next run's prompt) reads it. */
async function sessionContextText(sessionId: string): Promise<string | null> {
  const response = await memoriesRoute.GET(
    ownerRequest("/api/memories?store=session_context"),
    routeContext({}),
  );
  const { records } = await response.json();
  return (
    records.find((record: { session_id: string }) => record.session_id === sessionId)?.text ?? null
  );
}

async function knowledgeOfRun(runId: string) {
  const db = await getDb();
  return db.knowledge.findMany({ where: { ownerId: harness.userId, sourceRunId: runId } });
}

async function searchKnowledgeHits(q: string): Promise<{ knowledge_id: string }[]> {
  const response = await knowledgeSearchRoute.GET(
    ownerRequest(`/api/knowledge/search?q=${encodeURIComponent(q)}&k=3`),
    routeContext({}),
  );
  return (await response.json()).hits;
}

async function openProposalIds(): Promise<string[]> {
  const response = await proposalsRoute.GET(
    ownerRequest("/api/knowledge/proposals"),
    routeContext({}),
  );
  return (await response.json()).proposals.map(
    (proposal: { knowledge_id: string }) => proposal.knowledge_id,
  );
}

/** Learned knowledge on, through a fake OpenAI-compatible embeddings endpoint. */
async function withEmbeddingService(): Promise<FakeOpenAIServer> {
  const server = await startFakeOpenAIServer({ apiKey: "embedding-key", embeddingDimensions: 64 });
  process.env.EMBEDDING_API_KEY = "embedding-key";
  process.env.EMBEDDING_BASE_URL = server.baseUrl;
  resetEnvForTests();
  resetEmbedderForTests();
  return server;
}

describe("the session context follows the task (MEM-1)", () => {
  it("keeps the task as the goal with its progress: a preference is never the goal, the next task replaces it", async () => {
    const { session_id: sessionId } = await createSession({
      ownerId: harness.userId,
      projectId: harness.projectId,
    });
    const stated = await runToEnd(sessionId, "I prefer reports that lead with the conclusion.");
    expect(stated.run_status).toBe("completed");
    // A session whose only message is a preference has no task yet.
    expect((await sessionContextOf(sessionId))?.goal ?? null).toBeNull();

    const ranking = await runToEnd(sessionId, "show the top 10 nodes by pagerank");
    expect(ranking.run_status).toBe("completed");
    expect(await sessionContextOf(sessionId)).toMatchObject({
      goal: "show the top 10 nodes by pagerank",
      progress: {
        run_id: ranking.run_id,
        run_status: "completed",
        confirmed_steps: expect.arrayContaining(["node_centrality"]),
        failed_steps: [],
        answered: true,
      },
    });
    expect(await sessionContextText(sessionId)).toMatch(
      /^Goal: show the top 10 nodes by pagerank; last run completed; confirmed: .*node_centrality; answered from its tools$/,
    );

    // A preference, and its correction, in the middle of the task move neither the goal nor its
    // progress; no word of them reaches the context.
    await runToEnd(sessionId, "I prefer reports that lead with the conclusion.");
    await runToEnd(sessionId, "Actually, lead with the method");
    expect(await sessionContextOf(sessionId)).toMatchObject({
      goal: "show the top 10 nodes by pagerank",
      progress: { run_id: ranking.run_id },
    });
    expect(await sessionContextText(sessionId)).not.toMatch(/prefer|lead with|conclusion|method/i);

    // The next task replaces the goal; its progress says the tools found nothing.
    const ghost = await runToEnd(sessionId, "shortest path from ghost-node-1 to ghost-node-2");
    expect(ghost.run_status).toBe("completed");
    expect(await sessionContextOf(sessionId)).toMatchObject({
      goal: "shortest path from ghost-node-1 to ghost-node-2",
      progress: {
        run_id: ghost.run_id,
        answered: false,
        unanswered_because: "search_node found nothing",
      },
    });

    // A message with a preference and a task: the task is the goal.
    const mixed = await runToEnd(sessionId, "I prefer concise answers. Find communities");
    expect(mixed.run_status).toBe("completed");
    expect(await sessionContextOf(sessionId)).toMatchObject({
      goal: "Find communities",
      progress: { run_id: mixed.run_id, answered: true },
    });
  });
});

describe("the decision log (MEM-1)", () => {
  it("records an approval decision with its reason, run and session", async () => {
    const { session_id: sessionId } = await createSession({
      ownerId: harness.userId,
      projectId: harness.projectId,
    });
    const started = await harness.startRun(sessionId, "Clear the graph");
    expect(started.status).toBe(202);
    const runId = started.body.run_id as string;
    const events = await harness.events(runId);
    expect(events.at(-1)?.type).toBe("run_paused");
    const { pending_approval: pending } = await harness.snapshot(runId);
    expect(pending.tool_name).toBe("clear_graph");
    const reason = "keep the graph loaded for the next question";
    const decided = await harness.decide(runId, {
      tool_call_id: pending.tool_call_id,
      tool_name: "clear_graph",
      decision: "reject",
      reason,
    });
    expect(decided.status).toBe(202);
    await harness.events(runId, events.at(-1)?.seq);
    expect((await harness.snapshot(runId)).run_status).toBe("completed");

    const response = await decisionsRoute.GET(
      ownerRequest("/api/decisions?q=clear_graph"),
      routeContext({}),
    );
    const { decisions } = await response.json();
    expect(decisions.filter((row: { run_id: string }) => row.run_id === runId)).toEqual([
      expect.objectContaining({
        session_id: sessionId,
        choice: `reject clear_graph (${pending.tool_call_id})`,
        reason,
      }),
    ]);
    // A refused call is no experience to learn from.
    expect(await knowledgeOfRun(runId)).toEqual([]);
  });
});

describe("learned knowledge keeps no junk (MEM-1, MEM-3)", () => {
  it("proposes nothing from a path question whose nodes do not exist (every search found nothing)", async () => {
    const embeddings = await withEmbeddingService();
    try {
      const { session_id: sessionId } = await createSession({
        ownerId: harness.userId,
        projectId: harness.projectId,
      });
      const ghost = await runToEnd(sessionId, "shortest path from ghost-node-1 to ghost-node-2");
      expect(ghost.run_status).toBe("completed");
      const searches = ghost.tool_calls.filter(
        (call: { tool_name: string }) => call.tool_name === "search_node",
      );
      // The tools succeeded — and found nothing: the question was not answered.
      expect(searches.length).toBeGreaterThan(0);
      expect(searches.every((call: { status: string }) => call.status === "succeeded")).toBe(true);
      expect(await knowledgeOfRun(ghost.run_id)).toEqual([]);
    } finally {
      await embeddings.close();
    }
  });

  it("proposes nothing when a model's path call failed with NODE_NOT_FOUND", async () => {
    const script: FakeTurn[] = [
      {
        toolCalls: [
          { name: "load_constructed_graph", arguments: { dataset_id: harness.karateId } },
        ],
      },
      {
        toolCalls: [
          { name: "shortest_path", arguments: { source: "ghost-node-1", target: "ghost-node-2" } },
        ],
      },
      { text: "Neither ghost-node-1 nor ghost-node-2 is in the graph." },
    ];
    const model = await startFakeOpenAIServer({
      apiKey: "model-key",
      embeddingDimensions: 64,
      respond: () => script.shift() ?? { text: "Done." },
    });
    // The model's service also serves the embeddings (LLM_* is the chain's third service).
    Object.assign(process.env, {
      LLM_BASE_URL: model.baseUrl,
      LLM_API_KEY: "model-key",
      LLM_MODEL: "fake-gpt",
      LLM_PROTOCOL: "openai_chat",
      MEMORY_LLM_EXTRACTION: "false",
    });
    resetEnvForTests();
    resetEmbedderForTests();
    try {
      const { session_id: sessionId } = await createSession({
        ownerId: harness.userId,
        projectId: harness.projectId,
      });
      const run = await runToEnd(sessionId, "shortest path from ghost-node-1 to ghost-node-2", {
        model: "fake-gpt",
      });
      expect(run.run_status).toBe("completed");
      expect(run.tool_calls).toContainEqual(
        expect.objectContaining({ tool_name: "load_constructed_graph", status: "succeeded" }),
      );
      expect(run.tool_calls).toContainEqual(
        expect.objectContaining({
          tool_name: "shortest_path",
          status: "failed",
          error_code: "NODE_NOT_FOUND",
        }),
      );
      expect(await knowledgeOfRun(run.run_id)).toEqual([]);
    } finally {
      await model.close();
    }
  });

  it("proposes reusable experience without the run's nodes; accepted it is found, discarded it is not proposed again", async () => {
    const embeddings = await withEmbeddingService();
    try {
      const { session_id: sessionId } = await createSession({
        ownerId: harness.userId,
        projectId: harness.projectId,
      });
      const path = await runToEnd(sessionId, "shortest path from n5 to n20");
      expect(path.run_status).toBe("completed");
      expect(path.tool_calls).toContainEqual(
        expect.objectContaining({ tool_name: "shortest_path", status: "succeeded" }),
      );
      const [proposal, ...more] = await knowledgeOfRun(path.run_id);
      expect(more).toEqual([]);
      expect(proposal).toMatchObject({
        status: "proposed",
        embeddingModel: "text-embedding-3-small",
      });
      expect(proposal.text).toMatch(
        /^To find the shortest path between two nodes: .*search_node to confirm each named node, then shortest_path\.$/,
      );
      // Nothing of this run: no node id (asked for or on the path), no dataset, no question.
      expect(proposal.text).not.toMatch(/\bn\d+\b|from n|revision|dataset_id/);
      expect(proposal.text).not.toContain(harness.karateId);
      expect(await openProposalIds()).toContain(proposal.id);

      // Not retrievable while it waits for a person; found by search once accepted.
      expect(
        (await searchKnowledgeHits("shortest path between two nodes")).map(
          (hit) => hit.knowledge_id,
        ),
      ).not.toContain(proposal.id);
      const accepted = await acceptRoute.POST(
        ownerRequest(`/api/knowledge/proposals/${proposal.id}/accept`, { method: "POST" }),
        routeContext({ knowledge_id: proposal.id }),
      );
      expect(accepted.status).toBe(200);
      expect(await openProposalIds()).not.toContain(proposal.id);
      const [best] = await searchKnowledgeHits("how do I find the shortest path between two nodes");
      expect(best?.knowledge_id).toBe(proposal.id);

      // The same kind of question about other nodes reuses it and learns nothing new.
      const again = await runToEnd(sessionId, "shortest path from n3 to n30");
      expect(again.run_status).toBe("completed");
      expect(again.memories_used).toContainEqual({ memory_id: proposal.id, store: "knowledge" });
      expect(await knowledgeOfRun(again.run_id)).toEqual([]);

      // A discarded proposal is gone from the proposals and the search, and stays discarded.
      // (A kind of question no other test of this owner asks, so its proposal is new here.)
      const tree = await runToEnd(sessionId, "compute the minimum spanning tree");
      const [spanning] = await knowledgeOfRun(tree.run_id);
      expect(spanning?.text).toMatch(/^To compute a spanning tree: .*spanning_tree/);
      const discarded = await discardRoute.POST(
        ownerRequest(`/api/knowledge/proposals/${spanning.id}/discard`, { method: "POST" }),
        routeContext({ knowledge_id: spanning.id }),
      );
      expect(discarded.status).toBe(200);
      expect(await openProposalIds()).not.toContain(spanning.id);
      expect(
        (await searchKnowledgeHits("minimum spanning tree")).map((hit) => hit.knowledge_id),
      ).not.toContain(spanning.id);
      const repeated = await runToEnd(sessionId, "compute the minimum spanning tree");
      expect(repeated.run_status).toBe("completed");
      expect(await knowledgeOfRun(repeated.run_id)).toEqual([]);
    } finally {
      await embeddings.close();
    }
  });
});

describe("the embedding service chain (MEM-2)", () => {
  const embeddingKey = "embedding-key";
  const openaiKey = "openai-key";
  let embeddingEndpoint: FakeOpenAIServer;
  let openaiEndpoint: FakeOpenAIServer;

  beforeAll(async () => {
    embeddingEndpoint = await startFakeOpenAIServer({
      apiKey: embeddingKey,
      embeddingDimensions: 64,
    });
    openaiEndpoint = await startFakeOpenAIServer({ apiKey: openaiKey, embeddingDimensions: 64 });
  });

  afterAll(async () => {
    await embeddingEndpoint?.close();
    await openaiEndpoint?.close();
  });

  /** The Authorization header of every embeddings request each endpoint received. */
  const received = () => ({
    embedding: embeddingEndpoint.requests
      .filter((request) => request.path === "/v1/embeddings")
      .map((request) => request.headers.authorization),
    openai: openaiEndpoint.requests
      .filter((request) => request.path === "/v1/embeddings")
      .map((request) => request.headers.authorization),
  });

  /** Sets exactly these service variables, then asks /api/capabilities (which probes). */
  async function configure(env: Record<string, string>) {
    for (const name of serviceVariables) delete process.env[name];
    Object.assign(process.env, env);
    resetEnvForTests();
    resetEmbedderForTests();
    embeddingEndpoint.requests.splice(0);
    openaiEndpoint.requests.splice(0);
    return (await capabilitiesRoute.GET(new Request("http://test.local/x"))).json();
  }

  it("never sends one service's key to another service's address", async () => {
    const openai = { OPENAI_API_KEY: openaiKey, OPENAI_BASE_URL: openaiEndpoint.baseUrl };
    // EMBEDDING's key without its address is never sent to OPENAI's address…
    let capabilities = await configure({ EMBEDDING_API_KEY: embeddingKey, ...openai });
    expect(received()).toEqual({ embedding: [], openai: [] });
    expect(capabilities.learned_knowledge).toBe(false);
    expect(capabilities.details.learned_knowledge).toMatch(
      /EMBEDDING_API_KEY is set without EMBEDDING_BASE_URL/,
    );
    // …and OPENAI's key is never sent to EMBEDDING's address.
    capabilities = await configure({ EMBEDDING_BASE_URL: embeddingEndpoint.baseUrl, ...openai });
    expect(received()).toEqual({ embedding: [], openai: [] });
    expect(capabilities.learned_knowledge).toBe(false);
    expect(capabilities.details.learned_knowledge).toMatch(
      /EMBEDDING_BASE_URL is set without EMBEDDING_API_KEY/,
    );
  });

  it("falls back EMBEDDING → OPENAI → LLM → QWEN, each service with its own key and address", async () => {
    const embedding = {
      EMBEDDING_API_KEY: embeddingKey,
      EMBEDDING_BASE_URL: embeddingEndpoint.baseUrl,
    };
    const openai = { OPENAI_API_KEY: openaiKey, OPENAI_BASE_URL: openaiEndpoint.baseUrl };
    let capabilities = await configure({ ...embedding, ...openai });
    expect(capabilities.learned_knowledge).toBe(true);
    expect(received()).toEqual({ embedding: [`Bearer ${embeddingKey}`], openai: [] });
    await configure({
      ...openai,
      LLM_API_KEY: embeddingKey,
      LLM_BASE_URL: embeddingEndpoint.baseUrl,
    });
    expect(received()).toEqual({ embedding: [], openai: [`Bearer ${openaiKey}`] });
    await configure({
      LLM_API_KEY: embeddingKey,
      LLM_BASE_URL: embeddingEndpoint.baseUrl,
      QWEN_API_KEY: openaiKey,
      QWEN_BASE_URL: openaiEndpoint.baseUrl,
    });
    expect(received()).toEqual({ embedding: [`Bearer ${embeddingKey}`], openai: [] });
    capabilities = await configure({
      QWEN_API_KEY: openaiKey,
      QWEN_BASE_URL: openaiEndpoint.baseUrl,
    });
    expect(received()).toEqual({ embedding: [], openai: [`Bearer ${openaiKey}`] });
    expect(capabilities.embedding_model).toBe("text-embedding-v3");
  });

  it("embeds a run's learned knowledge through the resolved service with its key", async () => {
    await configure({
      EMBEDDING_API_KEY: embeddingKey,
      EMBEDDING_BASE_URL: embeddingEndpoint.baseUrl,
      OPENAI_API_KEY: openaiKey,
      OPENAI_BASE_URL: openaiEndpoint.baseUrl,
    });
    const { session_id: sessionId } = await createSession({
      ownerId: harness.userId,
      projectId: harness.projectId,
    });
    const run = await runToEnd(sessionId, "show the top 10 nodes by pagerank");
    expect(run.run_status).toBe("completed");
    const learned = embeddingEndpoint.requests.filter((request) =>
      String((request.body.input as string[])[0]).startsWith("To rank nodes by centrality"),
    );
    expect(learned.map((request) => request.headers.authorization)).toEqual([
      `Bearer ${embeddingKey}`,
    ]);
    expect(received().openai).toEqual([]);
  });
});
