import type { PlannedToolCall } from "@/lib/contracts/tool-descriptor";
import type { ToolEnvelope } from "@/lib/contracts/tool-envelope";

// What the runtime hands the scheduler for each call: the scheduler decides order and
// concurrency, these decide what a call does and whether it may run at all.

/** Runs one call; supplied by the runtime (MCP client, workspace tools, job waiter). */
export type ExecuteToolCall = (call: PlannedToolCall, signal: AbortSignal) => Promise<ToolEnvelope>;

/** Refuses a call before it runs by returning its result (e.g. DATASET_SCOPE_REQUIRED, SS-4). */
export type PrecheckToolCall = (input: { call: PlannedToolCall }) => ToolEnvelope | undefined;

/**
 * Asked just before a call starts; false: it does not start, and neither does any call after it
 * in the batch (they end `cancelled`). The runtime's limits (a run's budget) decide here.
 */
export type MayStartToolCall = (input: { call: PlannedToolCall }) => boolean;
