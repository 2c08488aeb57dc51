import { randomUUID } from "node:crypto";
import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  interruptedRunPreviewCloseMarker,
  interruptedRunPreviewOpenMarker,
  interruptedRunPreviewTokenBudget,
} from "@/lib/agent/context/interrupted-run-preview";
import { getDb } from "@/lib/db/client";
import { estimateTokens } from "@/lib/memory/context/estimate-tokens";
import { reconcileRuns } from "@/lib/runs/final-state/reconcile-runs";
import { createSession } from "@/lib/sessions/create-session";
import {
  type ChatCompletionRequestBody,
  type FakeOpenAIServer,
  startFakeOpenAIServer,
} from "../support/fake-openai-server";
import { testInternalKey } from "../support/route-request";
import { fakeModelEnvironment, type RunHarness, startRunHarness } from "../support/run-harness";
import { spawnUnreaped, type UnreapedChild, waitForZombie } from "../support/unreaped-child";

// MEM-4: a run killed mid-answer carries into the next run only a bounded, labelled preview of
// its confirmed tool results and its partial answer — never a memory, a conclusion or an
// authorisation.

const modelKey = "sk-fake-carry-0123456789";
// A preference the learning step would save as a memory, had the interrupted run learned.
const interruptedMessage =
  "I prefer reports that lead with the conclusion. Load the karate graph and rank all its nodes by pagerank.";
const followUp = "Go on: which node matters most?";
const partialPieces = ["Node 33 ranks first by PageRank", ", then node 0; the remaining ranking"];
let harness: RunHarness;
let llm: FakeOpenAIServer;
let child: UnreapedChild | undefined;

function text(message: Record<string, unknown>): string {
  const content = message.content;
  if (typeof content === "string") return content;
  if (Array.isArray(content)) {
    return content.map((part: { text?: string }) => part.text ?? "").join("\n");
  }
  return "";
}

function isFollowUp(body: ChatCompletionRequestBody): boolean {
  const users = (body.messages ?? []).filter((message) => message.role === "user");
  return users.length > 0 && text(users[users.length - 1]) === followUp;
}

beforeAll(async () => {
  llm = await startFakeOpenAIServer({
    apiKey: modelKey,
    respond: (body) => {
      const system = text((body.messages ?? []).find((m) => m.role === "system") ?? {});
      // The learning step's extraction (the next run's own message; it states nothing).
      if (system.startsWith("You extract what a user wants remembered")) {
        return { text: '{"memories": []}' };
      }
      if (isFollowUp(body)) return { text: "I will check the ranking again with the tools." };
      const toolResults = (body.messages ?? []).filter((message) => message.role === "tool");
      if (toolResults.length === 0) {
        return {
          toolCalls: [
            {
              id: "load",
              name: "load_constructed_graph",
              arguments: { dataset_id: harness.karateId },
            },
            // Fails (no such nodes): not confirmed, so never carried.
            {
              id: "ghost",
              name: "shortest_path",
              arguments: { source: "ghost-node-1", target: "ghost-node-2" },
            },
          ],
        };
      }
      if (toolResults.length === 2) {
        return {
          toolCalls: [
            {
              id: "rank",
              name: "node_centrality",
              arguments: { algorithm: "pagerank", top_k: 34 },
            },
          ],
        };
      }
      // Mid-answer: the first words arrive, then the model goes quiet until the process dies.
      return { text: partialPieces, stallAfterText: true };
    },
  });
  harness = await startRunHarness({
    extraEnv: {
      ...fakeModelEnvironment(llm.baseUrl, modelKey),
      DATA_DIR: await mkdtemp(path.join(os.tmpdir(), "workbench-carry-")),
    },
  });
}, 60_000);

afterAll(async () => {
  await child?.close();
  await harness?.close();
  await llm?.close();
});

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number) {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() - started > timeoutMs) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

type SnapshotCall = { tool_call_id: string; status: string; result: { data?: unknown } | null };

describe("an interrupted run's carry-over (MEM-4)", () => {
  it("a run killed mid-answer reaches the next run as a bounded, labelled preview of its confirmed results", async () => {
    const session = await createSession({ ownerId: harness.userId, projectId: harness.projectId });
    child = await spawnUnreaped({
      command: process.execPath,
      args: ["--import", "tsx", "--conditions=react-server", "tests/support/crash-child.mts"],
      env: {
        ...process.env,
        INTERNAL_SERVICE_KEY: testInternalKey,
        CRASH_OWNER_ID: harness.userId,
        CRASH_SESSION_ID: session.session_id,
        CRASH_DATASET_ID: harness.karateId,
        CRASH_START_REQUEST_ID: randomUUID(),
        CRASH_MESSAGE: interruptedMessage,
      },
    });
    const report: { run_id: string; pid: number } = JSON.parse(
      await child.waitForLine({ match: (line) => line.startsWith("{"), timeoutMs: 60_000 }),
    );
    const runId = report.run_id;
    // Mid-answer: both batches are saved and the first words of the answer have streamed.
    const midAnswer = await waitFor(
      () => harness.snapshot(runId),
      (snapshot) => snapshot.partial_text === partialPieces.join(""),
      30_000,
    );
    // Whole object: a run that failed instead shows its error here.
    expect({
      run_status: midAnswer.run_status,
      error: midAnswer.error,
      partial_text: midAnswer.partial_text,
    }).toEqual({ run_status: "running", error: null, partial_text: partialPieces.join("") });
    process.kill(child.pid, "SIGKILL");
    await waitForZombie({ pid: child.pid, timeoutMs: 10_000 });
    expect((await reconcileRuns()).interruptedRunIds).toContain(runId);

    const interrupted = await harness.snapshot(runId);
    expect(interrupted.run_status).toBe("interrupted");
    const calls = interrupted.tool_calls as SnapshotCall[];
    expect(calls.map((call) => [call.tool_call_id, call.status])).toEqual([
      ["load", "succeeded"],
      ["ghost", "failed"],
      ["rank", "succeeded"],
    ]);
    const fullRanking = JSON.stringify(
      calls.find((call) => call.tool_call_id === "rank")?.result?.data,
    );

    const next = await harness.startRun(session.session_id, followUp, { model: "fake-gpt" });
    expect(next.status).toBe(202);
    expect((await harness.events(next.body.run_id)).at(-1)?.type).toBe("run_completed");

    // What the next run's model was given.
    const request = llm.requests.find((recorded) => isFollowUp(recorded.body));
    if (!request) throw new Error("the next run never asked the model");
    const messages = request.body.messages ?? [];
    const system = text(messages.find((message) => message.role === "system") ?? {});
    const allText = messages.map(text).join("\n");
    // The block: its guidance paragraph, then the preview between its markers.
    const blockStart = system.indexOf("The previous run of this session did not finish");
    expect(blockStart).toBeGreaterThan(0);
    expect(system.indexOf(interruptedRunPreviewOpenMarker)).toBeGreaterThan(blockStart);
    const block = system.slice(
      blockStart,
      system.indexOf(interruptedRunPreviewCloseMarker) + interruptedRunPreviewCloseMarker.length,
    );
    expect(estimateTokens({ text: block })).toBeLessThanOrEqual(interruptedRunPreviewTokenBudget);
    expect(block).toMatch(/never a memory, a conclusion or an authorisation/);
    expect(block).toMatch(/approvals given in that run do not carry over/);
    expect(block).toContain(`run ${runId} · run_status interrupted`);
    expect(block).toContain(
      "[confirmed tool result of an interrupted run] load_constructed_graph · call load ·",
    );
    expect(block).toContain(
      "[confirmed tool result of an interrupted run] node_centrality · call rank ·",
    );
    expect(block).not.toContain("call ghost");
    expect(block).toContain("1 call(s) not confirmed, not shown");
    // The ranking is an excerpt that says so; the full result is nowhere in the model's input.
    expect(fullRanking.length).toBeGreaterThan(1_000);
    expect(block).toContain(`of ${fullRanking.length} characters): ${fullRanking.slice(0, 200)}`);
    expect(allText).not.toContain(fullRanking);
    // The partial answer is labelled unfinished, once, inside the preview — never as an
    // assistant message that reads like the earlier run's conclusion.
    expect(block).toContain(
      `[unfinished answer of an interrupted run — not a conclusion, may be wrong or incomplete; complete, ${partialPieces.join("").length} characters]\n${partialPieces.join("")}`,
    );
    expect(allText.split(partialPieces[0])).toHaveLength(2);
    expect(messages.filter((message) => message.role === "assistant")).toEqual([]);
    // The conversation itself is kept: the interrupted question, then the new one.
    expect(messages.filter((message) => message.role === "user").map(text)).toEqual([
      interruptedMessage,
      followUp,
    ]);

    // Nothing of the interrupted run became a memory or a knowledge proposal.
    const db = await getDb();
    expect(await db.memory.count({ where: { sourceRunId: runId } })).toBe(0);
    expect(await db.knowledge.count({ where: { sourceRunId: runId } })).toBe(0);
    const memories = await db.memory.findMany({ where: { ownerId: harness.userId } });
    expect(memories.filter((memory) => /conclusion/i.test(memory.text))).toEqual([]);
    const knowledge = await db.knowledge.findMany({ where: { ownerId: harness.userId } });
    expect(knowledge.filter((item) => /pagerank|Node 33/i.test(item.text))).toEqual([]);
  }, 120_000);
});
