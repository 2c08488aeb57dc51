import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as capabilitiesRoute from "@/app/api/capabilities/route";
import * as knowledgeRoute from "@/app/api/knowledge/route";
import * as knowledgeSearchRoute from "@/app/api/knowledge/search/route";
import * as memoryRoute from "@/app/api/memories/[memory_id]/route";
import * as bulkDeleteRoute from "@/app/api/memories/delete/route";
import * as memoriesRoute from "@/app/api/memories/route";
import * as profileRoute from "@/app/api/profile/route";
import { insertUser } from "@/lib/db/queries/users";
import { resetEnvForTests } from "@/lib/env";
import { resetEmbedderForTests } from "@/lib/memory/embedding/get-embedder";
import { actingAs, routeContext } from "../support/route-request";

let owner: string;
let stranger: string;

const items = [
  "To find bridges between communities, run community detection first, then betweenness centrality on the boundary nodes.",
  "Large CSV uploads build faster when the node table is uploaded together with the edge table.",
  "PageRank with weights needs the weight column named when the graph is constructed.",
  "Shortest paths between named customers need search_node to confirm their ids first.",
  "Reports for the sales team should show the top ten accounts in a table.",
];

function request(url: string, userId: string, init: RequestInit = {}) {
  return new Request(`http://test.local${url}`, {
    ...init,
    headers: { ...actingAs(userId), "content-type": "application/json", ...(init.headers ?? {}) },
  });
}

beforeAll(async () => {
  process.env.EMBEDDING_PROVIDER = "local";
  resetEnvForTests();
  resetEmbedderForTests();
  owner = (await insertUser({ email: `k-${randomUUID()}@test.local`, displayName: "k" })).id;
  stranger = (await insertUser({ email: `s-${randomUUID()}@test.local`, displayName: "s" })).id;
}, 60_000);

afterAll(() => {
  delete process.env.EMBEDDING_PROVIDER;
  resetEnvForTests();
  resetEmbedderForTests();
});

describe("learned knowledge with the local embedder (MEM-2)", () => {
  it("reports learned knowledge on with the embedding model and the exact backend", async () => {
    const body = await (await capabilitiesRoute.GET(new Request("http://test.local/x"))).json();
    expect(body.learned_knowledge).toBe(true);
    expect(body.embedding_model).toBe("local:universal-sentence-encoder-lite");
    expect(["exact", "hnsw"]).toContain(body.vector_backend);
  });

  it("finds the right item first for a paraphrased query, with both ranks and the fused score", async () => {
    for (const text of items) {
      const response = await knowledgeRoute.POST(
        request("/api/knowledge", owner, { method: "POST", body: JSON.stringify({ text }) }),
        routeContext({}),
      );
      expect(response.status).toBe(201);
      expect((await response.json()).embedded).toBe(true);
    }
    const search = async (q: string, userId: string) =>
      (
        await knowledgeSearchRoute.GET(
          request(`/api/knowledge/search?q=${encodeURIComponent(q)}&k=3`, userId),
          routeContext({}),
        )
      ).json();
    const found = await search("how do I spot nodes that join separate groups", owner);
    expect(found.hits[0].text).toBe(items[0]);
    expect(found.hits[0].vector_rank).toBe(1);
    expect(found.hits[0].score).toBeGreaterThan(0);
    const keyword = await search("uploading the node table", owner);
    expect(keyword.hits[0].text).toBe(items[1]);
    expect(keyword.hits[0].text_rank).toBe(1);
    // Another owner's search sees nothing of it.
    expect((await search("how do I spot nodes that join separate groups", stranger)).hits).toEqual(
      [],
    );
  });
});

describe("ownership of the memory stores", () => {
  it("another owner cannot list, search or delete the first owner's memories", async () => {
    const saved = await profileRoute.PUT(
      request("/api/profile", owner, {
        method: "PUT",
        body: JSON.stringify({ preferences: [{ text: "Answer in English, concisely" }] }),
      }),
      routeContext({}),
    );
    const [entry] = (await saved.json()).preferences;
    expect(entry.subject).toBe("answer.language");

    const list = async (userId: string, q = "") =>
      (
        await memoriesRoute.GET(
          request(`/api/memories?q=${encodeURIComponent(q)}`, userId),
          routeContext({}),
        )
      ).json();
    expect(
      (await list(owner, "concisely")).records.map((r: { memory_id: string }) => r.memory_id),
    ).toContain(entry.memory_id);
    expect((await list(stranger)).records).toEqual([]);
    expect((await list(stranger, "concisely")).records).toEqual([]);

    const foreignDelete = await memoryRoute.DELETE(
      request(`/api/memories/${entry.memory_id}`, stranger, { method: "DELETE" }),
      routeContext({ memory_id: entry.memory_id }),
    );
    expect(foreignDelete.status).toBe(404);
    const bulk = await bulkDeleteRoute.POST(
      request("/api/memories/delete", stranger, {
        method: "POST",
        body: JSON.stringify({ memory_ids: [entry.memory_id] }),
      }),
      routeContext({}),
    );
    expect((await bulk.json()).deleted).toEqual([]);
    expect((await list(owner, "concisely")).records).toHaveLength(1);

    const ownDelete = await memoryRoute.DELETE(
      request(`/api/memories/${entry.memory_id}`, owner, { method: "DELETE" }),
      routeContext({ memory_id: entry.memory_id }),
    );
    expect(ownDelete.status).toBe(204);
    expect((await list(owner, "concisely")).records).toEqual([]);
  });
});
