import { describe, expect, it } from "vitest";
import { createCustomModelBodySchema } from "./custom-model-input";

const valid = {
  name: " My Qwen ",
  provider: "Qwen",
  protocol: "openai_compatible",
  base_url: "https://dashscope.example.com/compatible-mode/v1/",
  remote_model_id: " qwen-plus ",
  api_key: "sk-q",
};

const issuesOf = (body: Record<string, unknown>) => {
  const parsed = createCustomModelBodySchema.safeParse(body);
  return parsed.success
    ? []
    : parsed.error.issues.map((issue) => issue.path.join(".") || issue.code);
};

describe("custom model input", () => {
  it("normalises the name and provider, trims ids and drops the URL's trailing slash", () => {
    expect(createCustomModelBodySchema.parse(valid)).toEqual({
      name: "my-qwen",
      provider: "qwen",
      protocol: "openai_compatible",
      base_url: "https://dashscope.example.com/compatible-mode/v1",
      remote_model_id: "qwen-plus",
      api_key: "sk-q",
    });
  });

  it("accepts a loopback http server and no key", () => {
    const { api_key: _key, ...withoutKey } = valid;
    const parsed = createCustomModelBodySchema.parse({
      ...withoutKey,
      base_url: "http://127.0.0.1:11434/v1",
    });
    expect(parsed.api_key).toBeUndefined();
  });

  it("refuses non-http URLs and URLs with credentials", () => {
    for (const base_url of [
      "ftp://x.example/v1",
      "file:///etc/passwd",
      "javascript:alert(1)",
      "not a url",
    ]) {
      expect(issuesOf({ ...valid, base_url })).toEqual(["base_url"]);
    }
    expect(issuesOf({ ...valid, base_url: "https://u:p@x.example/v1" })).toEqual(["base_url"]);
  });

  it("refuses local_rules, unknown protocols and missing fields", () => {
    expect(issuesOf({ ...valid, protocol: "local_rules" })).toEqual(["protocol"]);
    expect(issuesOf({ ...valid, protocol: "grpc" })).toEqual(["protocol"]);
    expect(issuesOf({ ...valid, provider: "", remote_model_id: "  " })).toEqual([
      "provider",
      "remote_model_id",
    ]);
  });

  it("refuses a credential_ref: a custom model cannot borrow the service's env keys", () => {
    expect(issuesOf({ ...valid, credential_ref: "env:LLM_API_KEY" })).toEqual([
      "unrecognized_keys",
    ]);
  });
});
