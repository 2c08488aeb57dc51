import { describe, expect, expectTypeOf, it } from "vitest";
import type { ToolCallOutcome } from "@/lib/agent/scheduler/tool-call-outcome";
import type { PlannedToolCall } from "@/lib/contracts/tool-descriptor";
import { type RunCheckpoint, runCheckpointSchema, type StoredOutcome } from "./run-checkpoint";

const checkpoint = {
  turn: 1,
  messages: [
    { role: "user", content: "Clear the graph" },
    {
      role: "assistant",
      content: [
        { type: "text", text: "Clearing." },
        { type: "tool-call", toolCallId: "c1", toolName: "clear_graph", input: {} },
      ],
    },
  ],
  batch: {
    calls: [{ toolCallId: "c1", toolName: "clear_graph", args: {} }],
    outcomes: [
      {
        toolCallId: "c1",
        toolName: "clear_graph",
        args: {},
        status: "awaiting_approval",
        startedAt: "2026-01-01T00:00:00.000Z",
      },
    ],
  },
};

describe("run checkpoint contract", () => {
  it("is what the runtime stores (checked by the type checker)", () => {
    type Stored<T> = Omit<T, "startedAt" | "finishedAt">;
    expectTypeOf<Stored<ToolCallOutcome>>().toEqualTypeOf<Stored<StoredOutcome>>();
    expectTypeOf<PlannedToolCall>().toEqualTypeOf<RunCheckpoint["batch"]["calls"][number]>();
  });

  it("parses a stored checkpoint and keeps its messages as they were saved", () => {
    const withExtra = structuredClone(checkpoint);
    Object.assign(withExtra.messages[1], { providerOptions: { vendor: { id: "x" } } });
    const parsed = runCheckpointSchema.parse(withExtra);
    expect(parsed.messages).toEqual(withExtra.messages);
    expect(parsed.batch.outcomes[0].status).toBe("awaiting_approval");
  });

  it("refuses a checkpoint of another shape instead of trusting a cast", () => {
    expect(runCheckpointSchema.safeParse({ turn: 1, messages: [] }).success).toBe(false);
    const badMessage = { ...checkpoint, messages: [{ role: "robot", content: 1 }] };
    expect(runCheckpointSchema.safeParse(badMessage).success).toBe(false);
    const badStatus = structuredClone(checkpoint);
    (badStatus.batch.outcomes[0] as { status: string }).status = "maybe";
    expect(runCheckpointSchema.safeParse(badStatus).success).toBe(false);
  });
});
