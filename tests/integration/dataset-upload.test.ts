import { createHash, randomUUID } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import * as datasetsRoute from "@/app/api/projects/[project_id]/datasets/route";
import { insertUser } from "@/lib/db/queries/users";
import { getEnv, resetEnvForTests } from "@/lib/env";
import { createProject } from "@/lib/projects/create-project";
import { getBlobStore } from "@/lib/storage/get-blob-store";
import { actingAs, routeContext, uploadRequest } from "../support/route-request";

const fixtures = path.resolve(import.meta.dirname, "../../tests/fixtures");

describe("dataset upload validation", () => {
  let userId: string;
  let projectId: string;

  beforeAll(async () => {
    userId = (await insertUser({ email: `up-${randomUUID()}@test.local`, displayName: "up" })).id;
    projectId = (await createProject({ ownerId: userId, name: "Uploads" })).project_id;
  });

  afterEach(() => {
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

  async function storedState() {
    const response = await datasetsRoute.GET(
      new Request("http://test.local/x", { headers: actingAs(userId) }),
      routeContext({ project_id: projectId }),
    );
    const rows = (await response.json()).datasets as { dataset_id: string }[];
    // Stored files through the blob store in use (the local one: DATA_DIR/uploads/<owner>).
    const prefix = `uploads/${userId}/`;
    const files = (await getBlobStore().list({ prefix })).map((blob) =>
      blob.key.slice(prefix.length),
    );
    // Uploads in progress stream here first; a refused one must leave nothing behind.
    const incoming = await readdir(path.join(getEnv().dataDirectory, "uploads", ".incoming")).catch(
      () => [] as string[],
    );
    return { rows: rows.length, files: files.sort(), incoming };
  }

  it("stores both fixtures with kind, size and the sha256 of their bytes", async () => {
    for (const [filename, kind] of [
      ["karate_edges.csv", "csv"],
      ["shop.sql", "sql"],
    ] as const) {
      const bytes = await readFile(path.join(fixtures, filename));
      const { status, body } = await upload(filename, bytes);
      expect(status).toBe(201);
      expect(body).toMatchObject({
        kind,
        bytes: bytes.byteLength,
        original_filename: filename,
        status: "uploaded",
        construction_status: "none",
        construction_revision: null,
        checksum: createHash("sha256").update(bytes).digest("hex"),
      });
      const stored = await buffer(
        await getBlobStore().read({ key: `uploads/${userId}/${body.dataset_id}.${kind}` }),
      );
      expect(stored.equals(bytes)).toBe(true);
    }
    expect((await storedState()).rows).toBe(2);
  });

  it.each([
    ["a 0-byte .csv", "empty.csv", new Uint8Array(), 415, "UNSUPPORTED_FILE"],
    [
      "a whitespace-only .txt",
      "blank.txt",
      new TextEncoder().encode("\n \n\t\n"),
      415,
      "UNSUPPORTED_FILE",
    ],
    [
      "a binary renamed .csv",
      "photo.csv",
      new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49]),
      415,
      "UNSUPPORTED_FILE",
    ],
    ["a .exe", "tool.exe", new TextEncoder().encode("a,b\n"), 415, "UNSUPPORTED_FILE"],
  ])("refuses %s and stores nothing", async (_label, filename, bytes, status, code) => {
    const before = await storedState();
    const result = await upload(filename, bytes);
    expect(result.status).toBe(status);
    expect(result.body.error.code).toBe(code);
    expect(result.body.error.message).toMatch(/\S/);
    expect(await storedState()).toEqual(before);
  });

  it("refuses a file over the limit, declared or streamed, and stores nothing", async () => {
    process.env.UPLOAD_MAX_BYTES = "1024";
    resetEnvForTests();
    const before = await storedState();
    const small = await upload("big.csv", new TextEncoder().encode("a,b\n".repeat(400)));
    expect(small.status).toBe(413);
    expect(small.body.error).toMatchObject({
      code: "PAYLOAD_TOO_LARGE",
      details: { limit_bytes: 1024, received_bytes: 1600 },
    });

    // Far over the limit: refused from Content-Length alone, or by counting a streamed body.
    const form = new FormData();
    form.append("file", new File([new TextEncoder().encode("a,b\n".repeat(50_000))], "big.csv"));
    const encoded = new Response(form);
    const bytes = new Uint8Array(await encoded.arrayBuffer());
    const contentType = encoded.headers.get("content-type") ?? "";
    const declared = await datasetsRoute.POST(
      new Request(`http://test.local/api/projects/${projectId}/datasets`, {
        method: "POST",
        body: bytes,
        headers: {
          ...actingAs(userId),
          "content-type": contentType,
          "content-length": String(bytes.byteLength),
        },
      }),
      routeContext({ project_id: projectId }),
    );
    expect(declared.status).toBe(413);
    expect((await declared.json()).error.details.received_bytes).toBe(bytes.byteLength);
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled >= bytes.byteLength) return controller.close();
        controller.enqueue(bytes.slice(pulled, pulled + 16_384));
        pulled += 16_384;
      },
    });
    const streamed = await datasetsRoute.POST(
      new Request(`http://test.local/api/projects/${projectId}/datasets`, {
        method: "POST",
        body: stream,
        headers: { ...actingAs(userId), "content-type": contentType },
        duplex: "half",
      } as RequestInit),
      routeContext({ project_id: projectId }),
    );
    expect(streamed.status).toBe(413);
    // It stopped reading soon after the limit instead of buffering the whole 200 KB body.
    expect(pulled).toBeLessThan(bytes.byteLength);

    // Exactly at the limit is accepted.
    const exact = await upload("exact.csv", new TextEncoder().encode("a,b\n".repeat(256)));
    expect(exact.status).toBe(201);
    const after = await storedState();
    expect(after.rows).toBe(before.rows + 1);
    expect(after.incoming).toEqual([]);
  });

  it("ignores the uploaded path: a traversal name is stored under server ids", async () => {
    const { status, body } = await upload(
      "../../../etc/passwd.csv",
      new TextEncoder().encode("x,y\n"),
    );
    expect(status).toBe(201);
    expect(body.original_filename).toBe("passwd.csv");
    const files = (await storedState()).files;
    expect(files).toContain(`${body.dataset_id}.csv`);
  });

  it("refuses a cross-site upload itself (the proxy does not see this route) and stores nothing", async () => {
    const before = await storedState();
    const bytes = await readFile(path.join(fixtures, "karate_edges.csv"));
    const crossSite = await datasetsRoute.POST(
      uploadRequest({
        projectId,
        filename: "karate_edges.csv",
        bytes,
        headers: { origin: "http://evil.example", "sec-fetch-site": "cross-site" },
      }),
      routeContext({ project_id: projectId }),
    );
    expect(crossSite.status).toBe(403);
    expect((await crossSite.json()).error.code).toBe("FORBIDDEN_ORIGIN");
    const rebound = await datasetsRoute.GET(
      new Request("http://evil.example/x", { headers: { host: "evil.example" } }),
      routeContext({ project_id: projectId }),
    );
    expect(rebound.status).toBe(403);
    expect(await storedState()).toEqual(before);
  });

  it("answers INVALID_REQUEST for a body that is not multipart or has no file", async () => {
    const notMultipart = await datasetsRoute.POST(
      new Request("http://test.local/x", {
        method: "POST",
        headers: { ...actingAs(userId), "content-type": "application/json" },
        body: "{}",
      }),
      routeContext({ project_id: projectId }),
    );
    expect(notMultipart.status).toBe(400);
    expect((await notMultipart.json()).error.code).toBe("INVALID_REQUEST");
    const form = new FormData();
    form.append("other", "value");
    const noFile = await datasetsRoute.POST(
      new Request("http://test.local/x", { method: "POST", headers: actingAs(userId), body: form }),
      routeContext({ project_id: projectId }),
    );
    expect(noFile.status).toBe(400);
  });
});
