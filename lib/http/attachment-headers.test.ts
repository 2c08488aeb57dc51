import { describe, expect, it } from "vitest";
import {
  contentDispositionAttachment,
  downloadHeaders,
  sanitiseDownloadName,
} from "./attachment-headers";
import { contentTypeForName } from "./content-type-for-name";

describe("download names", () => {
  it("keeps only the last segment of a path, so ../ cannot climb", () => {
    expect(sanitiseDownloadName({ name: "../../etc/passwd" })).toBe("passwd");
    expect(sanitiseDownloadName({ name: "..\\..\\boot.ini" })).toBe("boot.ini");
    expect(sanitiseDownloadName({ name: "Derived/out/result@v2.csv" })).toBe("result@v2.csv");
  });

  it("removes quotes, control characters and leading dots; never empty", () => {
    expect(sanitiseDownloadName({ name: 'say "hi".csv' })).toBe("say _hi_.csv");
    expect(sanitiseDownloadName({ name: 'a\r\nb\t"c".csv' })).toBe("ab_c_.csv");
    expect(sanitiseDownloadName({ name: ".." })).toBe("download");
    expect(sanitiseDownloadName({ name: ".hidden" })).toBe("hidden");
    expect(sanitiseDownloadName({ name: "", fallback: "report.md" })).toBe("report.md");
  });

  it("builds an attachment header whose quoted name is plain ASCII without quotes", () => {
    const header = contentDispositionAttachment({ name: '../"évil".csv' });
    expect(header).toBe(`attachment; filename="__vil_.csv"; filename*=UTF-8''_%C3%A9vil_.csv`);
    expect(header).not.toContain("..");
    expect(header.split('"').length).toBe(3);
    expect(header).not.toMatch(/[\r\n]/);
  });

  it("sends nosniff, a sandboxing CSP and the given type", () => {
    const headers = downloadHeaders({ name: "r.html", contentType: "text/html; charset=utf-8" });
    expect(headers.get("x-content-type-options")).toBe("nosniff");
    expect(headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(headers.get("content-security-policy")).toContain("sandbox");
    expect(headers.get("content-disposition")).toMatch(/^attachment;/);
  });
});

describe("content types", () => {
  it("names the types the workbench writes and falls back to octet-stream", () => {
    expect(contentTypeForName({ name: "edges.CSV" })).toBe("text/csv; charset=utf-8");
    expect(contentTypeForName({ name: "report.md" })).toBe("text/markdown; charset=utf-8");
    expect(contentTypeForName({ name: "x.svg" })).toBe("application/octet-stream");
    expect(contentTypeForName({ name: "noextension" })).toBe("application/octet-stream");
  });
});
