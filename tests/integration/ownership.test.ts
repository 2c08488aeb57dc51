import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import * as datasetsRoute from "@/app/api/projects/[project_id]/datasets/route";
import * as sessionsRoute from "@/app/api/projects/[project_id]/sessions/route";
import * as projectsRoute from "@/app/api/projects/route";
import * as sessionRoute from "@/app/api/sessions/[session_id]/route";
import { insertUser } from "@/lib/db/queries/users";
import { actingAs, routeContext, uploadRequest } from "../support/route-request";

const karate = new TextEncoder().encode("source,target\nn0,n1\nn1,n2\n");

async function newUser(label: string) {
  return insertUser({ email: `${label}-${randomUUID()}@test.local`, displayName: label });
}

async function json(response: Response) {
  return { status: response.status, body: await response.json() };
}

describe("ownership filtering (a second user sees nothing of the first)", () => {
  let alice: { id: string };
  let bob: { id: string };
  let aliceProject: string;
  let aliceDataset: string;
  let aliceSession: string;

  beforeAll(async () => {
    alice = await newUser("alice");
    bob = await newUser("bob");
    const created = await json(
      await projectsRoute.POST(
        new Request("http://test.local/api/projects", {
          method: "POST",
          headers: { ...actingAs(alice.id), "content-type": "application/json" },
          body: JSON.stringify({ name: "Alice's graphs" }),
        }),
        routeContext({}),
      ),
    );
    expect(created.status).toBe(201);
    aliceProject = created.body.project_id;
    const upload = await json(
      await datasetsRoute.POST(
        uploadRequest({
          projectId: aliceProject,
          filename: "edges.csv",
          bytes: karate,
          headers: actingAs(alice.id),
        }),
        routeContext({ project_id: aliceProject }),
      ),
    );
    expect(upload.status).toBe(201);
    aliceDataset = upload.body.dataset_id;
    const session = await json(
      await sessionsRoute.POST(
        new Request(`http://test.local/api/projects/${aliceProject}/sessions`, {
          method: "POST",
          headers: actingAs(alice.id),
          body: JSON.stringify({ title: "Who bridges the clubs?" }),
        }),
        routeContext({ project_id: aliceProject }),
      ),
    );
    expect(session.status).toBe(201);
    aliceSession = session.body.session_id;
  });

  it("the owner sees her project, dataset and session", async () => {
    const projects = await json(
      await projectsRoute.GET(
        new Request("http://test.local/api/projects", { headers: actingAs(alice.id) }),
        routeContext({}),
      ),
    );
    expect(projects.body.projects.map((p: { name: string }) => p.name)).toEqual(["Alice's graphs"]);
    const datasets = await json(
      await datasetsRoute.GET(
        new Request("http://test.local/x", { headers: actingAs(alice.id) }),
        routeContext({ project_id: aliceProject }),
      ),
    );
    expect(datasets.body.datasets.map((d: { dataset_id: string }) => d.dataset_id)).toEqual([
      aliceDataset,
    ]);
    const snapshot = await json(
      await sessionRoute.GET(
        new Request("http://test.local/x", { headers: actingAs(alice.id) }),
        routeContext({ session_id: aliceSession }),
      ),
    );
    expect(snapshot.status).toBe(200);
    expect(snapshot.body).toMatchObject({
      session_id: aliceSession,
      title: "Who bridges the clubs?",
      messages: [],
      runs: [],
      pending_approval: null,
      active_run: null,
      can_send: true,
    });
  });

  it("another user's project list does not include it", async () => {
    const projects = await json(
      await projectsRoute.GET(
        new Request("http://test.local/api/projects", { headers: actingAs(bob.id) }),
        routeContext({}),
      ),
    );
    expect(projects.status).toBe(200);
    expect(projects.body.projects).toEqual([]);
  });

  it("another user gets 404 for the project's datasets and sessions, read or write", async () => {
    const context = routeContext({ project_id: aliceProject });
    const headers = actingAs(bob.id);
    const responses = [
      await datasetsRoute.GET(new Request("http://test.local/x", { headers }), context),
      await sessionsRoute.GET(new Request("http://test.local/x", { headers }), context),
      await sessionsRoute.POST(
        new Request("http://test.local/x", { method: "POST", headers, body: "{}" }),
        context,
      ),
      await datasetsRoute.POST(
        uploadRequest({ projectId: aliceProject, filename: "b.csv", bytes: karate, headers }),
        context,
      ),
      await sessionRoute.GET(
        new Request("http://test.local/x", { headers }),
        routeContext({ session_id: aliceSession }),
      ),
    ];
    for (const response of responses) {
      const { status, body } = await json(response);
      expect(status).toBe(404);
      expect(body.error.code).toBe("NOT_FOUND");
    }
    // Bob's refused upload left nothing behind in Alice's project.
    const datasets = await json(
      await datasetsRoute.GET(
        new Request("http://test.local/x", { headers: actingAs(alice.id) }),
        routeContext({ project_id: aliceProject }),
      ),
    );
    expect(datasets.body.datasets).toHaveLength(1);
  });

  it("identity headers without the internal key are refused, with a wrong key too", async () => {
    const attempts: Record<string, string>[] = [
      { "x-user-id": alice.id },
      { ...actingAs(alice.id), "x-internal-key": "wrong" },
    ];
    for (const headers of attempts) {
      const response = await projectsRoute.GET(
        new Request("http://test.local/api/projects", { headers }),
        routeContext({}),
      );
      expect(response.status).toBe(401);
      expect((await response.json()).error.code).toBe("UNAUTHORIZED");
    }
  });

  it("a browser request without headers acts as the default owner, not as another user", async () => {
    const projects = await json(
      await projectsRoute.GET(new Request("http://test.local/api/projects"), routeContext({})),
    );
    const names = projects.body.projects.map((p: { name: string }) => p.name);
    expect(names).toContain("Default project");
    expect(names).not.toContain("Alice's graphs");
  });
});
