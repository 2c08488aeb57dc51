import type { RunEventPayload } from "@/lib/contracts/run-event";
import type { LocalRulesSessionState } from "@/lib/contracts/session-state-block";
import type { PlannedToolCall, ToolDescriptor } from "@/lib/contracts/tool-descriptor";
import { checkBatchPreconditions, type PreconditionSources } from "./check-batch-preconditions";

/**
 * The reasoning one run phase shows (`reasoning_delta`) when staged reasoning is on: the
 * model's own reasoning as it streams, and the runtime's checks before each batch. Off, it says
 * nothing. `text` is this phase's part; the run keeps every phase's (`runs.reasoning`).
 */
export class StagedReasoning {
  text = "";

  constructor(
    private readonly input: {
      enabled: boolean;
      emit: (event: RunEventPayload) => void;
      /** What earlier phases of the run said, so a new block starts on a line of its own. */
      previous: string;
    },
  ) {}

  get enabled(): boolean {
    return this.input.enabled;
  }

  /** Streams a piece of reasoning as it comes. */
  say(text: string): void {
    if (!this.input.enabled || text === "") return;
    this.text += text;
    this.input.emit({ type: "reasoning_delta", text });
  }

  /** The checks before a batch runs, one line per call, as a block of their own. */
  async checkBatch(input: {
    calls: readonly PlannedToolCall[];
    descriptors: ReadonlyMap<string, ToolDescriptor>;
    state: LocalRulesSessionState | null;
    scopeDatasetIds: ReadonlySet<string>;
    sources: PreconditionSources;
    builtThisRun?: ReadonlyMap<string, number>;
  }): Promise<void> {
    if (!this.input.enabled || input.calls.length === 0) return;
    const lines = await checkBatchPreconditions(input);
    const said = this.input.previous + this.text;
    const opening = said === "" || said.endsWith("\n") ? "" : "\n";
    const count = input.calls.length === 1 ? "1 tool call" : `${input.calls.length} tool calls`;
    this.say(`${opening}Checks before ${count}:\n${lines.join("\n")}\n`);
  }
}
