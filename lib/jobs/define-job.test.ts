import { describe, expect, it } from "vitest";
import { z } from "zod";
import { defineJob } from "./define-job";
import type { JobHandlerContext } from "./job-kind-registry";
import type { JsonObject } from "./json-value";

const echoJob = defineJob({
  kind: "test.echo",
  inputSchema: z.object({ count: z.number().int().default(2), note: z.string().optional() }),
  handle: async ({ input }) => ({ doubled: input.count * 2, note: input.note, at: new Date(0) }),
});

function contextWith(input: JsonObject): JobHandlerContext {
  return {
    job: {
      id: "job-1",
      kind: echoJob.kind,
      ownerId: "owner",
      projectId: "project",
      sessionId: null,
      runId: null,
      executionGeneration: null,
      parentJobId: null,
      toolCallId: null,
      attempt: 1,
    },
    input,
    reportProgress: async () => {},
    signal: new AbortController().signal,
    spawnChild: async () => ({ jobId: "child" }),
  };
}

describe("defineJob", () => {
  it("hands the kind's code its input parsed, defaults filled in, and answers plain JSON", async () => {
    const result = await echoJob.handler(contextWith({}));
    // Undefined members are dropped and a date becomes its ISO text, as the jsonb column stores them.
    expect(result).toEqual({ doubled: 4, at: "1970-01-01T00:00:00.000Z" });
  });

  it("fails the job with the schema's message when the stored input does not parse", async () => {
    await expect(echoJob.handler(contextWith({ count: "many" }))).rejects.toThrow(/count/);
  });

  it("answers no result when the code returns nothing", async () => {
    const silent = defineJob({
      kind: "test.silent",
      inputSchema: z.object({}),
      handle: async () => undefined,
    });
    expect(await silent.handler(contextWith({}))).toBeUndefined();
  });

  it("names its kind and stores its input as JSON for enqueueJob", () => {
    expect(echoJob.withInput({ count: 3, note: undefined })).toEqual({
      kind: "test.echo",
      input: { count: 3 },
    });
  });

  it("is retried when lost before writing unless the kind says otherwise", () => {
    expect(echoJob.retryWhenLostBeforeWriting).toBe(true);
    const once = defineJob({
      kind: "test.once",
      inputSchema: z.object({}),
      handle: async () => undefined,
      retryWhenLostBeforeWriting: false,
    });
    expect(once.retryWhenLostBeforeWriting).toBe(false);
  });
});
