import { afterEach, describe, expect, it, vi } from "vitest";
import { createRemoteLanguageModel } from "./create-remote-language-model";

const common = {
  provider: "vllm",
  baseUrl: "http://127.0.0.1:9/v1",
  apiKey: "k",
  remoteModelId: "m-1",
};

afterEach(() => vi.restoreAllMocks());

describe("createRemoteLanguageModel", () => {
  it("maps each protocol to the matching AI SDK model, without any request", () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    const chat = createRemoteLanguageModel({ ...common, protocol: "openai_chat" });
    const responses = createRemoteLanguageModel({ ...common, protocol: "openai_responses" });
    const compatible = createRemoteLanguageModel({ ...common, protocol: "openai_compatible" });
    expect([chat.provider, responses.provider, compatible.provider]).toEqual([
      "openai.chat",
      "openai.responses",
      "vllm.chat",
    ]);
    for (const model of [chat, responses, compatible]) {
      expect(model.specificationVersion).toBe("v3");
      expect(model.modelId).toBe("m-1");
    }
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
