import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { generateText } from "ai";
import { afterEach, describe, expect, it } from "vitest";
import { failureEnding } from "@/lib/agent/phase-ending";
import { createRemoteLanguageModel } from "./create-remote-language-model";

// Real AI SDK calls against a closed port and a local server answering 401 / 500: the errors
// are the SDK's own, as a run sees them.
let server: Server | undefined;
afterEach(
  () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
);

async function serverAnswering(status: number): Promise<string> {
  const answering = createServer((_request, response) => {
    response.writeHead(status, { "content-type": "application/json" });
    response.end(JSON.stringify({ error: { message: "secret-body-text" } }));
  });
  server = answering;
  await new Promise<void>((resolve) => answering.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(answering.address() as AddressInfo).port}/v1?key=hidden`;
}

async function failureOf(baseUrl: string) {
  const model = createRemoteLanguageModel({
    provider: "vllm",
    protocol: "openai_chat",
    baseUrl,
    apiKey: "sk-never-shown",
    remoteModelId: "m-1",
  });
  const error = await generateText({ model, prompt: "hi", maxRetries: 1 }).then(
    () => new Error("the call should have failed"),
    (thrown: unknown) => thrown,
  );
  return failureEnding({ error, signal: new AbortController().signal, runId: "r-1" });
}

describe("a run failing on the model service", () => {
  it("says the service could not be reached, where, and after how many attempts", async () => {
    const ending = await failureOf("http://127.0.0.1:9/v1");
    expect(ending.status).toBe("error");
    expect(ending.errorCode).toBe("SERVICE_UNAVAILABLE");
    expect(ending.errorMessage).toMatch(
      /^The model service at http:\/\/127\.0\.0\.1:9\/v1\/chat\/completions could not be reached after 2 attempts/,
    );
  });

  it("names a refused key without the key, the query string or the body", async () => {
    const ending = await failureOf(await serverAnswering(401));
    expect(ending.errorCode).toBe("SERVICE_UNAVAILABLE");
    expect(ending.errorMessage).toMatch(
      /refused the request \(HTTP 401\).*check the model's API key/,
    );
    for (const secret of ["sk-never-shown", "hidden", "secret-body-text"]) {
      expect(ending.errorMessage).not.toContain(secret);
    }
  });

  it("gives a server error's status", async () => {
    const ending = await failureOf(await serverAnswering(500));
    expect(ending.errorMessage).toMatch(/answered HTTP 500 after 2 attempts\.$/);
  });

  it("leaves every other foreign error an internal error", () => {
    const ending = failureEnding({
      error: new Error("connect ECONNREFUSED /var/run/db.sock"),
      signal: new AbortController().signal,
      runId: "r-1",
    });
    expect(ending).toMatchObject({ errorCode: "INTERNAL_ERROR" });
    expect(ending.errorMessage).not.toContain("sock");
  });
});
