import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as mcpRoute from "@/app/api/mcp/route";
import { getDb } from "@/lib/db/client";
import { findSessionGraphGeneration, saveSessionGraphState } from "@/lib/db/queries/session-graphs";
import { sessionGraphs, swapSessionGraphsForTests } from "@/lib/mcp/engine-state";
import { seedKarateSession } from "../support/karate-session";
import { testInternalKey } from "../support/route-request";
import { serveRouteHandlers } from "../support/serve-route-handlers";

// Two app instances each hold a copy of one session's graph (issue 21): a change derived from a
// copy that another instance replaced meanwhile must never be saved over the newer state, and
// an instance must serve the newer state on its next call.
//
// The race is played in one process: every tool call first reads the session's generation
// (findSessionGraphGeneration); `race.between` runs once right after that read — another
// instance's call lands between this call's check and its save.

const race = vi.hoisted(() => ({ between: undefined as undefined | (() => Promise<void>) }));

vi.mock("@/lib/db/queries/session-graphs", async (importOriginal) => {
  const original = await importOriginal<typeof import("@/lib/db/queries/session-graphs")>();
  return {
    ...original,
    findSessionGraphGeneration: async (
      scope: Parameters<typeof original.findSessionGraphGeneration>[0],
    ) => {
      const generation = await original.findSessionGraphGeneration(scope);
      const between = race.between;
      race.between = undefined;
      await between?.();
      return generation;
    },
  };
});

type Envelope = {
  success: boolean;
  error_code?: string;
  message?: string;
  // biome-ignore lint/suspicious/noExplicitAny: the test reads nested tool data of many shapes.
  data?: any;
};

let server: Awaited<ReturnType<typeof serveRouteHandlers>>;
const clients: Client[] = [];

async function connect(headers: Record<string, string>) {
  const client = new Client({ name: "concurrency-test", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${server.url}/api/mcp`), {
      requestInit: { headers: { "x-internal-key": testInternalKey, ...headers } },
    }),
  );
  clients.push(client);
  return client;
}

/** A session with the karate graph constructed, and one MCP client per instance to call it. */
async function karateSession() {
  const { userId, sessionId, datasetId } = await seedKarateSession({ label: "race" });
  const headers = { "x-user-id": userId, "x-session-id": sessionId };
  return {
    a: await connect(headers),
    b: await connect(headers),
    datasetId,
    scope: { ownerId: userId, sessionId },
  };
}

async function call(client: Client, name: string, args: Record<string, unknown> = {}) {
  const result = await client.callTool({ name, arguments: args });
  return result.structuredContent as Envelope;
}

async function ok(client: Client, name: string, args: Record<string, unknown> = {}) {
  const envelope = await call(client, name, args);
  expect(envelope.success, `${name}: ${envelope.error_code} ${envelope.message}`).toBe(true);
  return envelope;
}

/** Runs `work` as instance B (its own, empty memory), then switches back to instance A. */
function onInstanceB<T>(work: () => Promise<T>) {
  return async () => {
    const instanceA = swapSessionGraphsForTests();
    try {
      return await work();
    } finally {
      swapSessionGraphsForTests(instanceA);
    }
  };
}

async function persistedVersions(sessionId: string) {
  const db = await getDb();
  return db.sessionGraphVersion.findMany({
    where: { sessionId },
    orderBy: { version: "asc" },
    select: { version: true, originKind: true },
  });
}

beforeAll(async () => {
  server = await serveRouteHandlers({
    POST: mcpRoute.POST,
    GET: mcpRoute.GET,
    DELETE: mcpRoute.DELETE,
  });
});

afterAll(async () => {
  for (const client of clients) await client.close();
  await server?.close();
});

describe("one session's graph changed from two instances", () => {
  it("refuses a subgraph cut from a copy another instance replaced, and serves that instance's version next", async () => {
    const { a, b, datasetId, scope } = await karateSession();
    await ok(a, "load_constructed_graph", { dataset_id: datasetId });
    let cutOnB: Envelope | undefined;
    race.between = onInstanceB(async () => {
      cutOnB = await ok(b, "subgraph_extraction", { seed: "n33", depth: 1 });
    });

    // Instance A's copy still has the full graph as version 1; it cuts from that.
    const lost = await call(a, "subgraph_extraction", { seed: "n0", depth: 0 });
    expect(lost).toMatchObject({ success: false, error_code: "REVISION_CONFLICT" });
    expect(cutOnB?.data.graph).toMatchObject({ version: 2, origin: "subgraph" });

    // B's version 2 is what PostgreSQL holds and what A answers with next.
    const info = await ok(a, "get_graph_info");
    expect(info.data).toMatchObject({
      version: 2,
      origin: "subgraph",
      nodes: cutOnB?.data.nodes,
      reloaded: true,
    });
    expect(sessionGraphs().generationOf(scope)).toBe(await findSessionGraphGeneration(scope));
    expect(await persistedVersions(scope.sessionId)).toEqual([
      { version: 1, originKind: "construction" },
      { version: 2, originKind: "subgraph" },
    ]);
  });

  it("makes a load that lost again on the state that won, numbered after it", async () => {
    const { a, b, datasetId, scope } = await karateSession();
    await ok(a, "load_constructed_graph", { dataset_id: datasetId });
    race.between = onInstanceB(async () => {
      await ok(b, "subgraph_extraction", { seed: "n33", depth: 1 });
    });

    const loaded = await ok(a, "load_constructed_graph", { dataset_id: datasetId });
    expect(loaded.data).toMatchObject({ version: 3, origin: "construction", nodes: 34 });
    // B's subgraph version was not overwritten by a version 2 numbered from A's old copy.
    expect(await persistedVersions(scope.sessionId)).toEqual([
      { version: 1, originKind: "construction" },
      { version: 2, originKind: "subgraph" },
      { version: 3, originKind: "construction" },
    ]);
    await onInstanceB(async () => {
      const info = await ok(b, "get_graph_info");
      expect(info.data).toMatchObject({ version: 3, origin: "construction", reloaded: true });
    })();
  });

  it("sets a configuration value on top of the one another instance set meanwhile", async () => {
    const { a, b } = await karateSession();
    await ok(a, "set_session_config", { key: "seed", value: 7 });
    race.between = onInstanceB(async () => {
      await ok(b, "set_session_config", { key: "limit", value: 3 });
    });
    const config = await ok(a, "set_session_config", { key: "depth", value: 2 });
    expect(config.data.config).toEqual({ seed: 7, limit: 3, depth: 2 });
    await onInstanceB(async () => {
      const again = await ok(b, "set_session_config", { key: "seed", value: 8 });
      expect(again.data.config).toEqual({ seed: 8, limit: 3, depth: 2 });
    })();
  });

  it("does not serve a copy of a session that was deleted and built up again to as many saves", async () => {
    const { a, b, datasetId } = await karateSession();
    await ok(a, "load_constructed_graph", { dataset_id: datasetId });
    await ok(a, "set_session_config", { key: "seed", value: 7 });

    await onInstanceB(async () => {
      await ok(b, "delete_graph_session");
      await ok(b, "load_constructed_graph", { dataset_id: datasetId });
      await ok(b, "subgraph_extraction", { seed: "n33", depth: 1 });
    })();

    // As many saves as A's copy saw: a generation numbered per session would match it.
    const info = await ok(a, "get_graph_info");
    expect(info.data).toMatchObject({ version: 2, origin: "subgraph", reloaded: true });
    expect((await ok(a, "set_session_config", { key: "limit", value: 1 })).data.config).toEqual({
      limit: 1,
    });
  });
});

describe("saveSessionGraphState", () => {
  it("lands exactly one of two saves derived from the same generation", async () => {
    const { a, datasetId, scope } = await karateSession();
    await ok(a, "load_constructed_graph", { dataset_id: datasetId });
    const generation = await findSessionGraphGeneration(scope);
    const save = (who: string) =>
      saveSessionGraphState({
        ...scope,
        expectedGeneration: generation,
        currentVersion: 1,
        nextVersion: 2,
        config: { who },
      });
    const outcomes = await Promise.all([save("a"), save("b")]);
    const won = outcomes.filter((outcome) => outcome.saved);
    const lost = outcomes.filter((outcome) => !outcome.saved);
    expect(won).toHaveLength(1);
    expect(lost).toEqual([{ saved: false, generation: won[0].generation }]);
    expect(won[0].generation).not.toBe(generation);
    expect(await findSessionGraphGeneration(scope)).toBe(won[0].generation);

    // A save stating an older generation, or none where a state exists, writes nothing.
    expect(await save("c")).toEqual({ saved: false, generation: won[0].generation });
    expect(
      await saveSessionGraphState({
        ...scope,
        expectedGeneration: null,
        currentVersion: null,
        nextVersion: 1,
        config: {},
      }),
    ).toEqual({ saved: false, generation: won[0].generation });
    const db = await getDb();
    const row = await db.sessionGraphState.findUniqueOrThrow({
      where: { sessionId: scope.sessionId },
    });
    expect(row.config).toEqual({ who: outcomes.indexOf(won[0]) === 0 ? "a" : "b" });
  });
});
