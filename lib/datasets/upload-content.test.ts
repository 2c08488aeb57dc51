import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { looksLikeNodeTable } from "./assign-upload-roles";
import { detectDatasetKind } from "./detect-dataset-kind";
import { createUploadContentInspector, inspectUploadBytes } from "./upload-content";

const text = (value: string) => new TextEncoder().encode(value);

function inspectInChunks(bytes: Uint8Array, size: number) {
  const inspector = createUploadContentInspector();
  for (let offset = 0; offset < bytes.length; offset += size) {
    inspector.update(bytes.subarray(offset, offset + size));
  }
  return inspector.finish();
}

describe("upload content inspection", () => {
  it("hashes and counts across chunks, keeping only a bounded head", () => {
    const bytes = text(`source,target\n${"n1,n2\n".repeat(100_000)}`);
    const content = inspectInChunks(bytes, 4096);
    expect(content.bytes).toBe(bytes.length);
    expect(content.sha256).toBe(createHash("sha256").update(bytes).digest("hex"));
    expect(content.head.length).toBe(256 * 1024);
    expect(content.headTruncated).toBe(true);
    expect(detectDatasetKind({ filename: "big.csv", content }).kind).toBe("csv");
  });

  it("accepts a multi-byte character split between chunks", () => {
    const bytes = text("a,b\nkø,lé\n");
    for (let size = 1; size < bytes.length; size++) {
      expect(inspectInChunks(bytes, size).utf8).toBe(true);
    }
  });

  it("finds a NUL byte or bad UTF-8 far past the head sample", () => {
    const body = text("a,b\n".repeat(200_000));
    const withNul = new Uint8Array([...body, 0]);
    const latin1 = new Uint8Array([...body, 0xe9, 0x0a]);
    const truncatedCharacter = new Uint8Array([...body, 0xc3]);
    expect(inspectInChunks(withNul, 65_536).binary).toBe(true);
    expect(inspectInChunks(latin1, 65_536).utf8).toBe(false);
    expect(inspectInChunks(truncatedCharacter, 65_536).utf8).toBe(false);
    expect(inspectUploadBytes({ bytes: body })).toMatchObject({ binary: false, utf8: true });
  });
});

describe("looksLikeNodeTable", () => {
  const staged = (value: string) => ({
    filename: "x.csv",
    temporaryPath: "/nowhere",
    content: inspectUploadBytes({ bytes: text(value) }),
  });

  it("tells a node table from an edge table by its header", () => {
    expect(looksLikeNodeTable(staged("id,club\nn0,Mr. Hi\n"))).toBe(true);
    expect(looksLikeNodeTable(staged('# people\n"Node ID";label\n1;a\n'))).toBe(true);
    expect(looksLikeNodeTable(staged("source,target\nn0,n1\n"))).toBe(false);
    expect(looksLikeNodeTable(staged("id,from,to\ne1,a,b\n"))).toBe(false);
    expect(looksLikeNodeTable(staged("n0,n1\nn1,n2\n"))).toBe(false);
  });
});
