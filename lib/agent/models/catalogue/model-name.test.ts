import { describe, expect, it } from "vitest";
import { modelNameSchema, normaliseModelName } from "./model-name";

describe("model names", () => {
  it("are compared lowercased, trimmed, with inner spaces as hyphens", () => {
    expect(normaliseModelName({ name: "  My  GPT 4o " })).toBe("my-gpt-4o");
    expect(normaliseModelName({ name: "Qwen/Qwen2.5-7B-Instruct" })).toBe(
      "qwen/qwen2.5-7b-instruct",
    );
  });

  it("accept real model ids and refuse empty, odd or overlong names", () => {
    expect(modelNameSchema.parse("qwen2.5:14b")).toBe("qwen2.5:14b");
    expect(modelNameSchema.parse("GPT-4o_mini")).toBe("gpt-4o_mini");
    expect(modelNameSchema.safeParse("   ").success).toBe(false);
    expect(modelNameSchema.safeParse("-leading").success).toBe(false);
    expect(modelNameSchema.safeParse("semi;colon").success).toBe(false);
    expect(modelNameSchema.safeParse("a".repeat(65)).success).toBe(false);
  });
});
