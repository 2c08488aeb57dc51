import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import * as capabilitiesRoute from "@/app/api/capabilities/route";
import * as constructRoute from "@/app/api/datasets/[dataset_id]/construct/route";
import * as constructionsRoute from "@/app/api/datasets/[dataset_id]/constructions/route";
import * as memoriesRoute from "@/app/api/memories/route";
import * as modelsRoute from "@/app/api/models/route";
import * as profileRoute from "@/app/api/profile/route";
import * as datasetsRoute from "@/app/api/projects/[project_id]/datasets/route";
import * as sessionsRoute from "@/app/api/projects/[project_id]/sessions/route";
import * as projectsRoute from "@/app/api/projects/route";
import * as skillsRoute from "@/app/api/skills/route";
import { approvalDecisionResponseSchema } from "@/lib/contracts/approval-record";
import { capabilitiesSchema } from "@/lib/contracts/capabilities";
import { constructionListSchema } from "@/lib/contracts/construction";
import { datasetListSchema, datasetSchema } from "@/lib/contracts/dataset";
import { memoryListSchema, profileSchema } from "@/lib/contracts/memory";
import { modelListSchema } from "@/lib/contracts/model-catalogue";
import { projectListSchema } from "@/lib/contracts/project";
import { cancelRunResponseSchema } from "@/lib/contracts/run-cancel";
import { runSnapshotSchema } from "@/lib/contracts/run-snapshot";
import { startRunResponseSchema } from "@/lib/contracts/run-start";
import { sessionListSchema, sessionSnapshotSchema } from "@/lib/contracts/session";
import { skillListSchema } from "@/lib/contracts/skill";
import { uploadDataset } from "@/lib/datasets/upload-dataset";
import { createSession } from "@/lib/sessions/create-session";
import { actingAs, routeContext } from "../support/route-request";
import { type RunHarness, startRunHarness } from "../support/run-harness";

// The server builds these answers with the types inferred from lib/contracts and the client
// parses them with the same schemas: here the real answers of the routes are parsed, and a key
// a schema does not know (a parse would drop it) or a value it would change fails the test.

let harness: RunHarness;
beforeAll(async () => {
  harness = await startRunHarness();
}, 120_000);
afterAll(async () => {
  await harness?.close();
});

/** The value with its object keys sorted: a parse keeps values but orders keys as its schema. */
function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, sorted((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

/** The answer parses with its contract and the parse keeps every key and value it sent. */
function same(schema: z.ZodType, raw: unknown) {
  const parsed = schema.safeParse(raw);
  expect(parsed.error?.issues ?? []).toEqual([]);
  expect(sorted(parsed.data)).toEqual(sorted(raw));
}

const get = async (
  handler: (request: Request, context: never) => Promise<Response>,
  params: Record<string, string> = {},
) => {
  const response = await handler(
    new Request("http://test.local/x", { headers: actingAs(harness.userId) }) as never,
    routeContext(params) as never,
  );
  return response.json();
};

describe("wire shapes (lib/contracts)", () => {
  it("parse the answers of the run, session and list routes without dropping anything", async () => {
    const session = await createSession({ ownerId: harness.userId, projectId: harness.projectId });
    const started = await harness.startRun(session.session_id, "Which nodes are most central?");
    same(startRunResponseSchema, started.body);
    await harness.events(started.body.run_id);
    const snapshot = await harness.snapshot(started.body.run_id);
    same(runSnapshotSchema, snapshot);
    same(sessionSnapshotSchema, await harness.session(session.session_id));

    const paused = await harness.startRun(session.session_id, "Clear the graph");
    await harness.events(paused.body.run_id);
    const pausedSnapshot = await harness.snapshot(paused.body.run_id);
    same(runSnapshotSchema, pausedSnapshot);
    same(sessionSnapshotSchema, await harness.session(session.session_id));
    const decided = await harness.decide(paused.body.run_id, {
      tool_call_id: pausedSnapshot.pending_approval.tool_call_id,
      tool_name: "clear_graph",
      decision: "reject",
    });
    same(approvalDecisionResponseSchema, decided.body);
    await harness.events(paused.body.run_id, 0);
    same(runSnapshotSchema, await harness.snapshot(paused.body.run_id));

    const cancelled = await harness.cancel({
      cancel_request_id: "cancel-request-1",
      run_id: paused.body.run_id,
    });
    expect(cancelled.status).toBe(202);
    same(cancelRunResponseSchema, cancelled.body);

    // A failed build: the dataset names the error and its line, the revision keeps its record.
    const broken = await uploadDataset({
      ownerId: harness.userId,
      projectId: harness.projectId,
      file: {
        filename: "broken.csv",
        bytes: new TextEncoder().encode('source,target\nn1,n2\n"n3,n4\n'),
      },
    });
    same(datasetSchema, broken);
    const failed = await constructRoute.POST(
      new Request("http://test.local/x", {
        method: "POST",
        headers: actingAs(harness.userId),
        body: "{}",
      }),
      routeContext({ dataset_id: broken.dataset_id }),
    );
    expect(failed.status).toBe(400);
    same(
      constructionListSchema,
      await get(constructionsRoute.GET as never, { dataset_id: broken.dataset_id }),
    );
    same(projectListSchema, await get(projectsRoute.GET as never));
    same(
      sessionListSchema,
      await get(sessionsRoute.GET as never, { project_id: harness.projectId }),
    );
    same(
      datasetListSchema,
      await get(datasetsRoute.GET as never, { project_id: harness.projectId }),
    );
    same(
      constructionListSchema,
      await get(constructionsRoute.GET as never, { dataset_id: harness.karateId }),
    );
    same(capabilitiesSchema, await get(capabilitiesRoute.GET as never));
    same(modelListSchema, await get(modelsRoute.GET as never));
    same(skillListSchema, await get(skillsRoute.GET as never));
    same(profileSchema, await get(profileRoute.GET as never));
    same(memoryListSchema, await get(memoriesRoute.GET as never));
  }, 180_000);
});
