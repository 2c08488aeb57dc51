import { describe, expect, it } from "vitest";
import { parseSkillMarkdown, renderSkillMarkdown } from "./parse-skill-markdown";
import { isTextContent, skillFilePathOrThrow } from "./skill-file-path";
import { normaliseSkillName, skillNameOrThrow } from "./skill-name";
import { summariseRunSkills } from "./summarise-run-skills";

const fieldOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return (error as { field?: string }).field;
  }
  return undefined;
};

describe("skill names (SK-2)", () => {
  it("normalises to lowercase letters, digits and hyphens", () => {
    expect(normaliseSkillName({ name: "Top PageRank_Nodes!" })).toBe("top-pagerank-nodes");
    expect(normaliseSkillName({ name: "--Ünïcode  Skill--" })).toBe("unicode-skill");
    expect(fieldOf(() => skillNameOrThrow({ name: "!!!" }))).toBe("name");
    expect(fieldOf(() => skillNameOrThrow({ name: "a".repeat(65) }))).toBe("name");
    expect(skillNameOrThrow({ name: "a".repeat(64) })).toHaveLength(64);
  });
});

describe("SKILL.md front matter", () => {
  const valid =
    '---\nname: My Skill\ndescription: "Does: things"\nwhen_to_use: >\n  when asked\n  twice\nlicense: MIT\nmetadata:\n  owner: team-a\n---\n# Body\n';

  it("reads the allowed fields, folded and quoted values and metadata", () => {
    const parsed = parseSkillMarkdown({ markdown: valid, folder: "my-skill" });
    expect(parsed.frontMatter).toEqual({
      name: "my-skill",
      description: "Does: things",
      when_to_use: "when asked twice",
      license: "MIT",
      metadata: { owner: "team-a" },
    });
    expect(parsed.body).toBe("# Body\n");
    expect(parseSkillMarkdown({ markdown: renderSkillMarkdown(parsed) }).frontMatter).toEqual(
      parsed.frontMatter,
    );
  });

  it("refuses an invalid skill naming the field", () => {
    expect(fieldOf(() => parseSkillMarkdown({ markdown: "# no front matter" }))).toBe(
      "front_matter",
    );
    expect(
      fieldOf(() =>
        parseSkillMarkdown({ markdown: "---\nname: x\ndescription: y\nauthor: z\n---\n" }),
      ),
    ).toBe("author");
    expect(fieldOf(() => parseSkillMarkdown({ markdown: "---\ndescription: y\n---\n" }))).toBe(
      "name",
    );
    expect(fieldOf(() => parseSkillMarkdown({ markdown: "---\nname: x\n---\n" }))).toBe(
      "description",
    );
    expect(
      fieldOf(() =>
        parseSkillMarkdown({ markdown: `---\nname: x\ndescription: ${"d".repeat(1025)}\n---\n` }),
      ),
    ).toBe("description");
    expect(
      fieldOf(() =>
        parseSkillMarkdown({ markdown: "---\nname: x\ndescription: y\n---\n", folder: "z" }),
      ),
    ).toBe("name");
    expect(
      fieldOf(() =>
        parseSkillMarkdown({ markdown: "---\nname: x\ndescription: y\nmetadata: flat\n---\n" }),
      ),
    ).toBe("metadata");
  });
});

describe("skill file paths", () => {
  it("allows SKILL.md and references/ only, and refuses traversal and absolute paths", () => {
    expect(skillFilePathOrThrow({ path: "SKILL.md" })).toBe("SKILL.md");
    expect(skillFilePathOrThrow({ path: "references/a/b.md" })).toBe("references/a/b.md");
    for (const bad of [
      "../SKILL.md",
      "references/../../x",
      "/etc/passwd",
      "C:/x",
      "references\\x",
      "scripts/run.sh",
      "references/.hidden",
      "",
    ]) {
      expect(() => skillFilePathOrThrow({ path: bad }), bad).toThrow();
    }
  });

  it("tells text from binary", () => {
    expect(isTextContent(Buffer.from("héllo 你好"))).toBe(true);
    expect(isTextContent(Buffer.from([0x89, 0x50, 0x00]))).toBe(false);
    expect(isTextContent(Buffer.from([0xff, 0xfe, 0x41]))).toBe(false);
  });
});

describe("the run snapshot's skills", () => {
  it("lists the offered skills and marks those a read succeeded on", () => {
    expect(
      summariseRunSkills({
        offered: [
          { name: "state-check", source: "builtin", version: 1 },
          { name: "mine", source: "user", version: 3 },
        ],
        toolCalls: [
          { toolName: "read_skill", args: { name: "mine" }, success: true },
          { toolName: "read_skill", args: { name: "state-check" }, success: false },
        ],
      }),
    ).toEqual([
      { name: "state-check", source: "builtin", version: 1, read: false },
      { name: "mine", source: "user", version: 3, read: true },
    ]);
    expect(summariseRunSkills({ offered: null, toolCalls: [] })).toEqual([]);
  });
});
