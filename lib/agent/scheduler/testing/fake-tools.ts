import type { RunEventPayload } from "@/lib/contracts/run-event";
import type { PlannedToolCall } from "@/lib/contracts/tool-descriptor";
import type { ToolEnvelope } from "@/lib/contracts/tool-envelope";

type PendingCall = {
  call: PlannedToolCall;
  signal: AbortSignal;
  resolve: (envelope: ToolEnvelope) => void;
  reject: (error: unknown) => void;
};

/**
 * A fake `execute` whose calls stay running until the test settles them, so tests control the
 * completion order exactly instead of sleeping. It also records the concurrency it saw.
 */
export class FakeTools {
  readonly started: string[] = [];
  readonly pending = new Map<string, PendingCall>();
  maxRunning = 0;

  readonly execute = (call: PlannedToolCall, signal: AbortSignal): Promise<ToolEnvelope> => {
    this.started.push(call.toolCallId);
    return new Promise<ToolEnvelope>((resolve, reject) => {
      this.pending.set(call.toolCallId, { call, signal, resolve, reject });
      this.maxRunning = Math.max(this.maxRunning, this.pending.size);
    });
  };

  /** Ids of the calls currently inside `execute`. */
  running(): string[] {
    return [...this.pending.keys()];
  }

  /** Settles a running call with an envelope (success unless given) and lets the scheduler react. */
  async finish(toolCallId: string, envelope: Partial<ToolEnvelope> = {}): Promise<void> {
    const pending = this.take(toolCallId);
    pending.resolve({ success: true, status: "completed", data: { id: toolCallId }, ...envelope });
    await flushScheduler();
  }

  /** Makes a running call throw. */
  async throwError(toolCallId: string, error: unknown): Promise<void> {
    this.take(toolCallId).reject(error);
    await flushScheduler();
  }

  signalOf(toolCallId: string): AbortSignal {
    const pending = this.pending.get(toolCallId);
    if (!pending) throw new Error(`${toolCallId} is not running`);
    return pending.signal;
  }

  private take(toolCallId: string): PendingCall {
    const pending = this.pending.get(toolCallId);
    if (!pending) throw new Error(`${toolCallId} is not running (running: ${this.running()})`);
    this.pending.delete(toolCallId);
    return pending;
  }
}

/** Lets every queued promise callback run (the scheduler reacts to completions in microtasks). */
export function flushScheduler(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** Collects emitted events; `lines()` renders them compactly for order assertions. */
export class EventLog {
  readonly events: RunEventPayload[] = [];
  readonly emit = (event: RunEventPayload): void => {
    this.events.push(event);
  };

  lines(): string[] {
    return this.events.map((event) => {
      switch (event.type) {
        case "tool_started":
        case "approval_required":
          return `${event.type} ${event.tool_call_id}`;
        case "tool_completed":
          return `${event.type} ${event.tool_call_id} ${event.success ? "ok" : (event.error_code ?? event.status)}`;
        case "tool_blocked":
          return `${event.type} ${event.tool_call_id} by ${event.blocked_by.join(",")}`;
        default:
          return event.type;
      }
    });
  }
}

/** Shorthand for a planned call. */
export function call(input: {
  id: string;
  tool: string;
  args?: Record<string, unknown>;
}): PlannedToolCall {
  return { toolCallId: input.id, toolName: input.tool, args: input.args ?? {} };
}
