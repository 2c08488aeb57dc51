import { randomUUID } from "node:crypto";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { insertUser } from "@/lib/db/queries/users";
import { getEnv } from "@/lib/env";
import { skillApi, skillMarkdown } from "../support/skill-api";
import { buildZip, buildZipWithRawName } from "../support/skill-zips";

let api: ReturnType<typeof skillApi>;

beforeAll(async () => {
  const userId = (await insertUser({ email: `su-${randomUUID()}@test.local`, displayName: "su" }))
    .id;
  api = skillApi(userId);
});

/** Every file under DATA_DIR/skills (the upload staging folder included). */
async function skillsTree(): Promise<string[]> {
  const root = path.join(getEnv().dataDirectory, "skills");
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();
}

const skillMd = skillMarkdown({ name: "zipped" });

describe("skill uploads (SK-5, SEC-4)", () => {
  const refusals: [
    string,
    () => Promise<{ filename: string; bytes: Uint8Array }>,
    number,
    string,
    string,
  ][] = [
    [
      "a zip-slip entry",
      async () => ({
        filename: "evil.zip",
        bytes: await buildZipWithRawName({ name: "../evil/SKILL.md", content: skillMd }),
      }),
      415,
      "UNSUPPORTED_FILE",
      "unsafe_path",
    ],
    [
      "an absolute path",
      async () => ({
        filename: "abs.zip",
        bytes: await buildZipWithRawName({ name: "/tmp/x/SKILL.md", content: skillMd }),
      }),
      415,
      "UNSUPPORTED_FILE",
      "unsafe_path",
    ],
    [
      "a symlink",
      async () => ({
        filename: "link.zip",
        bytes: await buildZip([
          { path: "SKILL.md", content: skillMd },
          { path: "references/passwd", symlinkTo: "/etc/passwd" },
        ]),
      }),
      415,
      "UNSUPPORTED_FILE",
      "symlink",
    ],
    [
      "10,000 files",
      async () => ({
        filename: "many.zip",
        bytes: await buildZip([
          { path: "SKILL.md", content: skillMd },
          ...Array.from({ length: 9999 }, (_, index) => ({
            path: `references/f${index}.md`,
            content: "x",
            compress: false,
          })),
        ]),
      }),
      413,
      "PAYLOAD_TOO_LARGE",
      "too_many_files",
    ],
    [
      "an archive that inflates past the limit",
      async () => ({
        filename: "bomb.zip",
        bytes: await buildZip([
          { path: "SKILL.md", content: skillMd },
          {
            path: "references/zeros.md",
            content: Buffer.alloc(getEnv().SKILL_ARCHIVE_MAX_UNCOMPRESSED_BYTES + 1024, 0x61),
          },
        ]),
      }),
      413,
      "PAYLOAD_TOO_LARGE",
      "uncompressed_too_large",
    ],
    [
      "no SKILL.md",
      async () => ({
        filename: "empty.zip",
        bytes: await buildZip([{ path: "README.md", content: "hello" }]),
      }),
      415,
      "UNSUPPORTED_FILE",
      "missing_skill_md",
    ],
    [
      "a file outside references/",
      async () => ({
        filename: "extra.zip",
        bytes: await buildZip([
          { path: "SKILL.md", content: skillMd },
          { path: "scripts/run.sh", content: "rm -rf /" },
        ]),
      }),
      415,
      "UNSUPPORTED_FILE",
      "unexpected_file",
    ],
    [
      "a binary reference",
      async () => ({
        filename: "bin.zip",
        bytes: await buildZip([
          { path: "SKILL.md", content: skillMd },
          { path: "references/blob.md", content: Buffer.from([0, 1, 2, 255]) },
        ]),
      }),
      415,
      "UNSUPPORTED_FILE",
      "binary_file",
    ],
    [
      "a binary .md",
      async () => ({
        filename: "SKILL.md",
        bytes: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]),
      }),
      415,
      "UNSUPPORTED_FILE",
      "binary_file",
    ],
    [
      "another extension",
      async () => ({ filename: "skill.exe", bytes: Buffer.from(skillMd) }),
      415,
      "UNSUPPORTED_FILE",
      "unsupported_extension",
    ],
    [
      "a file over the upload limit",
      async () => ({
        filename: "big.md",
        bytes: Buffer.alloc(getEnv().SKILL_UPLOAD_MAX_BYTES + 1, 0x61),
      }),
      413,
      "PAYLOAD_TOO_LARGE",
      "",
    ],
    [
      "a corrupt zip",
      async () => ({
        filename: "broken.zip",
        bytes: Buffer.from("PK\u0003\u0004 not really a zip"),
      }),
      415,
      "UNSUPPORTED_FILE",
      "unreadable_archive",
    ],
  ];

  it.each(refusals)(
    "refuses %s with a code and stores nothing",
    async (_what, build, status, code, reason) => {
      const before = await skillsTree();
      const upload = await build();
      const answer = await api.upload({ ...upload, target: "review_queue" });
      expect(answer.status).toBe(status);
      expect(answer.body.error.code).toBe(code);
      if (reason) expect(answer.body.error.details.reason).toBe(reason);
      expect(await skillsTree()).toEqual(before);
      expect(
        (await api.list()).body.skills.filter(
          (skill: { source: string }) => skill.source !== "builtin",
        ),
      ).toEqual([]);
    },
  );

  it("stores a zip with one top folder and text references as a candidate, ignoring archiver clutter", async () => {
    const bytes = await buildZip([
      { path: "zipped/SKILL.md", content: skillMd },
      { path: "zipped/references/notes.md", content: "# Notes\n\nUse `get_graph_info {}`.\n" },
      { path: "__MACOSX/zipped/._SKILL.md", content: Buffer.from([0, 5, 22, 7]) },
    ]);
    const answer = await api.upload({ filename: "zipped.zip", bytes });
    expect(answer.status).toBe(201);
    expect(answer.body.skills).toEqual([
      expect.objectContaining({ name: "zipped", source: "candidate", status: "candidate" }),
    ]);
    const detail = await api.get("zipped", "candidate");
    expect(detail.body.files).toEqual([expect.objectContaining({ path: "references/notes.md" })]);
    expect(detail.body.content).toBe(skillMd);
    // The same name again waits beside nothing: a second candidate of that name is a conflict.
    expect((await api.upload({ filename: "zipped.zip", bytes })).status).toBe(409);
  });

  it("stores a .md as the owner's active skill when target=user", async () => {
    const answer = await api.upload({
      filename: "mine.md",
      bytes: Buffer.from(skillMarkdown({ name: "mine-md" })),
      target: "user",
    });
    expect(answer.status).toBe(201);
    expect(answer.body.skills[0]).toMatchObject({
      name: "mine-md",
      source: "user",
      status: "active",
    });
    const bad = await api.upload({
      filename: "x.md",
      bytes: Buffer.from(skillMd),
      target: "everyone",
    });
    expect(bad.body.error.code).toBe("INVALID_REQUEST");
  });
});
