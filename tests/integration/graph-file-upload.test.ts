import { randomUUID } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import * as constructRoute from "@/app/api/datasets/[dataset_id]/construct/route";
import * as datasetsRoute from "@/app/api/projects/[project_id]/datasets/route";
import { insertUser } from "@/lib/db/queries/users";
import { getEnv, resetEnvForTests } from "@/lib/env";
import { createProject } from "@/lib/projects/create-project";
import { getBlobStore } from "@/lib/storage/get-blob-store";
import { actingAs, routeContext, uploadRequest } from "../support/route-request";

// Graph files and SQLite databases through the real upload route and the real construct route,
// against the fixtures NetworkX and sqlite3 wrote (tests/fixtures/formats/make_formats.py).
const formats = path.resolve(import.meta.dirname, "../fixtures/formats");
const reference = JSON.parse(await readFile(path.join(formats, "formats_reference.json"), "utf8"));

let userId: string;
let projectId: string;

beforeAll(async () => {
  userId = (await insertUser({ email: `gf-${randomUUID()}@test.local`, displayName: "gf" })).id;
  projectId = (await createProject({ ownerId: userId, name: "Graph files" })).project_id;
});

afterEach(() => {
  delete process.env.UPLOAD_MAX_UNCOMPRESSED_BYTES;
  delete process.env.UPLOAD_MAX_BYTES;
  resetEnvForTests();
});

async function upload(filename: string, bytes: Uint8Array) {
  const response = await datasetsRoute.POST(
    uploadRequest({ projectId, filename, bytes, headers: actingAs(userId) }),
    routeContext({ project_id: projectId }),
  );
  return { status: response.status, body: await response.json() };
}

async function construct(datasetId: string) {
  const response = await constructRoute.POST(
    new Request("http://test.local/x", {
      method: "POST",
      headers: actingAs(userId),
      body: JSON.stringify({}),
    }),
    routeContext({ dataset_id: datasetId }),
  );
  return { status: response.status, body: await response.json() };
}

async function storedState() {
  const response = await datasetsRoute.GET(
    new Request("http://test.local/x", { headers: actingAs(userId) }),
    routeContext({ project_id: projectId }),
  );
  const rows = (await response.json()).datasets as { dataset_id: string }[];
  const prefix = `uploads/${userId}/`;
  const blobs = (await getBlobStore().list({ prefix })).map((blob) => blob.key);
  const incoming = await readdir(path.join(getEnv().dataDirectory, "uploads", ".incoming")).catch(
    () => [] as string[],
  );
  return { rows: rows.length, blobs: blobs.length, incoming: incoming.length };
}

describe("graph file uploads", () => {
  it("stores a .graphml.gz decompressed and builds it as the reference says", async () => {
    const compressed = await readFile(path.join(formats, "people.graphml.gz"));
    const plain = await readFile(path.join(formats, "people.graphml"));
    const uploaded = await upload("people.graphml.gz", compressed);
    expect(uploaded.status).toBe(201);
    expect(uploaded.body).toMatchObject({
      kind: "graphml",
      name: "people",
      original_filename: "people.graphml.gz",
      // What is stored: the decompressed file.
      bytes: plain.byteLength,
    });
    const built = await construct(uploaded.body.dataset_id);
    expect(built.status).toBe(200);
    expect(built.body.construction).toMatchObject({
      status: "ready",
      directed: reference.graphml.directed,
      node_count: reference.graphml.node_count,
      edge_count: reference.graphml.edge_count,
      node_types: { person: 3, company: 2 },
      edge_types: { pays: 4, owns: 2 },
      weighted: true,
      weight_column: "weight",
    });
  });

  it("stores a .sqlite file and builds it with the relational rules", async () => {
    const bytes = await readFile(path.join(formats, "payments.sqlite"));
    const uploaded = await upload("payments.sqlite", bytes);
    expect(uploaded.status).toBe(201);
    expect(uploaded.body).toMatchObject({ kind: "sqlite", bytes: bytes.byteLength });
    const built = await construct(uploaded.body.dataset_id);
    expect(built.status).toBe(200);
    expect(built.body.construction).toMatchObject({
      status: "ready",
      directed: true,
      node_count: reference.sqlite.node_count,
      edge_count: reference.sqlite.edge_count,
      node_types: { accounts: 3, branches: 2, owners: 3 },
      edge_types: { "owners.account_id": 2, "owners.branch_code": 3, transfers: 4 },
    });
  });

  it.each([
    ["people.gexf", "gexf"],
    ["people.gml", "gml"],
    ["people.json", "json"],
    ["people.net", "pajek"],
  ])("uploads and builds %s", async (file, kind) => {
    const uploaded = await upload(file, await readFile(path.join(formats, file)));
    expect(uploaded.status).toBe(201);
    expect(uploaded.body.kind).toBe(kind);
    const built = await construct(uploaded.body.dataset_id);
    expect(built.status).toBe(200);
    expect(built.body.construction).toMatchObject({
      node_count: reference[kind].node_count,
      edge_count: reference[kind].edge_count,
      directed: reference[kind].directed,
    });
  });

  it("fails the construction of an edge to an undeclared node with PARSE_ERROR naming it", async () => {
    const text = (await readFile(path.join(formats, "people.graphml"), "utf8")).replace(
      '<edge source="a" target="b">',
      '<edge source="a" target="nobody">',
    );
    const uploaded = await upload("broken.graphml", new TextEncoder().encode(text));
    expect(uploaded.status).toBe(201);
    const built = await construct(uploaded.body.dataset_id);
    expect(built.status).toBe(400);
    expect(built.body.error).toMatchObject({ code: "PARSE_ERROR" });
    expect(built.body.error.message).toMatch(/names node "nobody"/);
    expect(built.body.error.details.line).toBeGreaterThan(1);
  });

  it("refuses a gzip bomb with 413 and keeps nothing", async () => {
    process.env.UPLOAD_MAX_UNCOMPRESSED_BYTES = String(1024 * 1024);
    resetEnvForTests();
    const before = await storedState();
    // 64 MiB of one repeated edge line compresses to about 64 KiB.
    const line = Buffer.from("a,b\n");
    const bomb = gzipSync(Buffer.alloc(64 * 1024 * 1024, line), { level: 9 });
    expect(bomb.byteLength).toBeLessThan(200 * 1024);
    const { status, body } = await upload("edges.csv.gz", bomb);
    expect(status).toBe(413);
    expect(body.error).toMatchObject({ code: "PAYLOAD_TOO_LARGE" });
    expect(body.error.details).toMatchObject({ limit_uncompressed_bytes: 1024 * 1024 });
    expect(await storedState()).toEqual(before);
  });

  it("counts a .gz upload's compressed bytes against UPLOAD_MAX_BYTES (413, not a cut gzip)", async () => {
    const compressed = await readFile(path.join(formats, "people.graphml.gz"));
    const plain = await readFile(path.join(formats, "people.graphml"));
    // Between the two sizes: the compressed file fits, what it expands to would not.
    process.env.UPLOAD_MAX_BYTES = String(compressed.byteLength + 10);
    resetEnvForTests();
    expect(plain.byteLength).toBeGreaterThan(compressed.byteLength + 10);
    expect((await upload("people.graphml.gz", compressed)).status).toBe(201);
    process.env.UPLOAD_MAX_BYTES = String(compressed.byteLength - 100);
    resetEnvForTests();
    const before = await storedState();
    const over = await upload("people.graphml.gz", compressed);
    expect(over.status).toBe(413);
    expect(over.body.error.details).toMatchObject({ limit_bytes: compressed.byteLength - 100 });
    expect(await storedState()).toEqual(before);
  });

  it("refuses a .gz that is not gzip, or is cut short, with 415 and keeps nothing", async () => {
    const before = await storedState();
    const notGzip = await upload("edges.csv.gz", new TextEncoder().encode("a,b\nb,c\n"));
    expect(notGzip.status).toBe(415);
    expect(notGzip.body.error.details).toMatchObject({ reason: "not_gzip" });
    const whole = await readFile(path.join(formats, "people.graphml.gz"));
    const cut = await upload("people.graphml.gz", whole.subarray(0, whole.byteLength - 40));
    expect(cut.status).toBe(415);
    expect(cut.body.error.details).toMatchObject({ reason: "truncated_gzip" });
    expect(await storedState()).toEqual(before);
  });
});
