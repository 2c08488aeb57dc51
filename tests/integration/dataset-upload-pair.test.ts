import { randomUUID } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import * as constructRoute from "@/app/api/datasets/[dataset_id]/construct/route";
import * as datasetsRoute from "@/app/api/projects/[project_id]/datasets/route";
import { findReadyConstructionWithPayload } from "@/lib/db/queries/constructions";
import { insertUser } from "@/lib/db/queries/users";
import { searchNodes } from "@/lib/engine/search/search-nodes";
import { decodeGraph } from "@/lib/engine/storage/graph-codec";
import { getEnv, resetEnvForTests } from "@/lib/env";
import { createProject } from "@/lib/projects/create-project";
import { getBlobStore } from "@/lib/storage/get-blob-store";
import { actingAs, routeContext } from "../support/route-request";

const fixtures = path.resolve(import.meta.dirname, "../../tests/fixtures");
const karateEdges = await readFile(path.join(fixtures, "karate_edges.csv"));
const karateNodes = await readFile(path.join(fixtures, "karate_nodes.csv"));
const text = (value: string) => new TextEncoder().encode(value);

type Part = [field: string, value: string | { filename: string; bytes: Uint8Array }];

describe("an edge table and its node table in one upload", () => {
  let userId: string;
  let projectId: string;

  beforeAll(async () => {
    userId = (await insertUser({ email: `pair-${randomUUID()}@test.local`, displayName: "p" })).id;
    projectId = (await createProject({ ownerId: userId, name: "Pairs" })).project_id;
  });

  afterEach(() => {
    delete process.env.UPLOAD_MAX_BYTES;
    resetEnvForTests();
  });

  async function post(parts: Part[]) {
    const form = new FormData();
    for (const [field, value] of parts) {
      if (typeof value === "string") form.append(field, value);
      else form.append(field, new File([new Uint8Array(value.bytes)], value.filename));
    }
    const response = await datasetsRoute.POST(
      new Request(`http://test.local/api/projects/${projectId}/datasets`, {
        method: "POST",
        body: form,
        headers: actingAs(userId),
      }),
      routeContext({ project_id: projectId }),
    );
    return { status: response.status, body: await response.json() };
  }

  async function listed() {
    const response = await datasetsRoute.GET(
      new Request("http://test.local/x", { headers: actingAs(userId) }),
      routeContext({ project_id: projectId }),
    );
    return (await response.json()).datasets as Record<string, unknown>[];
  }

  /** Rows, this owner's stored files, and uploads in progress (none may stay after a request). */
  async function storedState() {
    const uploads = path.join(getEnv().dataDirectory, "uploads");
    // Stored files through the blob store in use (the local one: DATA_DIR/uploads/<owner>).
    const prefix = `uploads/${userId}/`;
    const files = (await getBlobStore().list({ prefix })).map((blob) =>
      blob.key.slice(prefix.length),
    );
    const incoming = await readdir(path.join(uploads, ".incoming")).catch(() => [] as string[]);
    return { rows: (await listed()).length, files: files.sort(), incoming };
  }

  async function construct(datasetId: string) {
    const response = await constructRoute.POST(
      new Request("http://test.local/x", { method: "POST", headers: actingAs(userId), body: "{}" }),
      routeContext({ dataset_id: datasetId }),
    );
    return { status: response.status, body: await response.json() };
  }

  it("stores two `file` parts as a linked pair (node table detected by shape) and builds with its properties", async () => {
    const before = await storedState();
    // Node table first: the order of the parts does not decide, the header does.
    const { status, body } = await post([
      ["file", { filename: "karate_nodes.csv", bytes: karateNodes }],
      ["file", { filename: "karate_edges.csv", bytes: karateEdges }],
      ["name", "Karate club"],
    ]);
    expect(status).toBe(201);
    expect(body).toMatchObject({
      name: "Karate club",
      original_filename: "karate_edges.csv",
      kind: "csv",
      bytes: karateEdges.byteLength,
      status: "uploaded",
      nodes_dataset_id: expect.any(String),
    });
    const rows = await listed();
    const nodesRow = rows.find((row) => row.dataset_id === body.nodes_dataset_id);
    expect(nodesRow).toMatchObject({
      name: "Karate club (nodes)",
      original_filename: "karate_nodes.csv",
      kind: "csv",
      nodes_dataset_id: null,
    });
    const after = await storedState();
    expect(after.rows).toBe(before.rows + 2);
    expect(after.incoming).toEqual(before.incoming);
    const stored = (id: string) =>
      getBlobStore()
        .read({ key: `uploads/${userId}/${id}.csv` })
        .then(buffer);
    expect((await stored(body.dataset_id)).equals(karateEdges)).toBe(true);
    expect((await stored(body.nodes_dataset_id)).equals(karateNodes)).toBe(true);

    // Build with no options (as the Datasets page and construct_graph do): the linked node
    // table is used, so `club` is a node property the engine's search finds.
    const built = await construct(body.dataset_id);
    expect(built.status).toBe(200);
    expect(built.body.construction).toMatchObject({ node_count: 34, edge_count: 78 });
    const saved = await findReadyConstructionWithPayload({
      ownerId: userId,
      datasetId: body.dataset_id,
    });
    if (!saved?.payload) throw new Error("no ready construction");
    const graph = decodeGraph({ bytes: saved.payload, sha256: saved.payloadSha256 });
    const found = searchNodes({ graph, query: "Officer", limit: 50 });
    expect(found.total).toBe(17);
    expect(found.matches.every((match) => match.matchedOn === "property:club")).toBe(true);
    expect(found.matches.map((match) => match.id)).toContain("n33");
  });

  it("builds a pair whose headers name neither role (sender/recipient, user): the first part is the edge table", async () => {
    // The edge table large and first, the node table small and second: the second part is
    // written to disk before the first, and the roles must still follow the arrival order.
    const edges = text(
      `sender,recipient,weight\n${"kpatel,alindqvist,2\nkpatel,fmendes,1\nfmendes,kpatel,4\n".repeat(40_000)}`,
    );
    const nodes = text(
      "user,name,department\nkpatel,Kevin Patel,Sales\nalindqvist,Aisha Lindqvist,Sales\nfmendes,Filipa Mendes,IT\n",
    );
    const { status, body } = await post([
      ["file", { filename: "email_edges.csv", bytes: edges }],
      ["file", { filename: "email_staff.csv", bytes: nodes }],
    ]);
    expect(status).toBe(201);
    expect(body.original_filename).toBe("email_edges.csv");
    const stored = (id: string) =>
      getBlobStore()
        .read({ key: `uploads/${userId}/${id}.csv` })
        .then(buffer);
    expect((await stored(body.dataset_id)).equals(Buffer.from(edges))).toBe(true);
    expect((await stored(body.nodes_dataset_id)).equals(Buffer.from(nodes))).toBe(true);
    const built = await construct(body.dataset_id);
    expect(built.body).toMatchObject({ construction: { node_count: 3, edge_count: 120_000 } });
    expect(built.status).toBe(200);
  });

  it("accepts `file` + `nodes` and names each dataset after its file", async () => {
    const { status, body } = await post([
      ["nodes", { filename: "people.csv", bytes: text("id,club\na,x\nb,y\n") }],
      ["file", { filename: "ties.csv", bytes: text("source,target\na,b\n") }],
    ]);
    expect(status).toBe(201);
    expect(body).toMatchObject({ name: "ties", nodes_dataset_id: expect.any(String) });
    const nodesRow = (await listed()).find((row) => row.dataset_id === body.nodes_dataset_id);
    expect(nodesRow).toMatchObject({ name: "people", original_filename: "people.csv" });
    const built = await construct(body.dataset_id);
    expect(built.body.construction).toMatchObject({ node_count: 2, edge_count: 1 });
  });

  it.each<[string, Part[], string]>([
    [
      "an unknown text field",
      [
        ["file", { filename: "e.csv", bytes: karateEdges }],
        ["foo", "bar"],
      ],
      "foo",
    ],
    [
      "an unknown file part",
      [
        ["file", { filename: "e.csv", bytes: karateEdges }],
        ["foo", { filename: "x.csv", bytes: karateNodes }],
      ],
      "foo",
    ],
    [
      "a third file",
      [
        ["file", { filename: "e.csv", bytes: karateEdges }],
        ["file", { filename: "n.csv", bytes: karateNodes }],
        ["nodes", { filename: "m.csv", bytes: karateNodes }],
      ],
      "nodes",
    ],
    [
      "a second name",
      [
        ["name", "a"],
        ["name", "b"],
        ["file", { filename: "e.csv", bytes: karateEdges }],
      ],
      "name",
    ],
  ])("refuses %s with 400 naming it and stores nothing", async (_label, parts, named) => {
    const before = await storedState();
    const { status, body } = await post(parts);
    expect(status).toBe(400);
    expect(body.error).toMatchObject({ code: "INVALID_REQUEST", details: { part: named } });
    expect(body.error.message).toContain(`"${named}"`);
    expect(await storedState()).toEqual(before);
  });

  it("refuses a pair whose node table is over the limit, keeping neither file", async () => {
    process.env.UPLOAD_MAX_BYTES = String(karateEdges.byteLength + 10);
    resetEnvForTests();
    const before = await storedState();
    const { status, body } = await post([
      ["file", { filename: "karate_edges.csv", bytes: karateEdges }],
      ["nodes", { filename: "big.csv", bytes: text("id,x\n".repeat(400_000)) }],
    ]);
    expect(status).toBe(413);
    expect(body.error.code).toBe("PAYLOAD_TOO_LARGE");
    expect(await storedState()).toEqual(before);
  });

  it("refuses a node table beside a non-CSV edge list, or a bad node file, keeping nothing", async () => {
    const before = await storedState();
    const withTxt = await post([
      ["file", { filename: "edges.txt", bytes: text("a b\nb c\n") }],
      ["nodes", { filename: "nodes.csv", bytes: text("id,club\na,x\n") }],
    ]);
    expect(withTxt.status).toBe(400);
    expect(withTxt.body.error.code).toBe("INVALID_REQUEST");
    const binaryNodes = await post([
      ["file", { filename: "edges.csv", bytes: karateEdges }],
      ["nodes", { filename: "nodes.csv", bytes: new Uint8Array([0x69, 0x64, 0x0a, 0, 1, 2]) }],
    ]);
    expect(binaryNodes.status).toBe(415);
    expect(binaryNodes.body.error.details.reason).toBe("binary");
    expect(await storedState()).toEqual(before);
  });
});
