import { z } from "zod";

/** Marker that opens the session-state block inside the system prompt. */
export const sessionStateOpenMarker = "<session_state>";
/** Marker that closes the session-state block inside the system prompt. */
export const sessionStateCloseMarker = "</session_state>";

const constructionStatusSchema = z.enum(["none", "building", "ready", "failed"]);

/**
 * The session state the runtime puts into the system prompt (SS-3, SS-4) and the local-rules
 * model reads back. Three facts stay separate: what was uploaded (`construction_sources`), what
 * was constructed (`construction_status` / `construction_revision`), and whether a graph is
 * loaded in the engine (`graph_loaded_hint`, only a hint: the model verifies it with a tool).
 */
export const localRulesSessionStateSchema = z.object({
  /** The backend's belief that the session has a graph loaded; null when it does not know. */
  graph_loaded_hint: z.boolean().nullable(),
  /** The dataset bound to the session (a binding, not a loaded graph). */
  active_dataset_id: z.string().min(1).nullable(),
  /** Construction status and revision of the bound dataset. */
  data_state: z
    .object({
      dataset_id: z.string().min(1),
      construction_status: constructionStatusSchema,
      construction_revision: z.number().int().positive().nullable(),
    })
    .nullable(),
  /** Saved datasets attached to this message, in attachment order. */
  construction_sources: z.array(
    z.object({
      dataset_id: z.string().min(1),
      name: z.string(),
      kind: z.string(),
      construction_status: constructionStatusSchema,
      construction_revision: z.number().int().positive().nullable(),
    }),
  ),
  /** Constructions of the project that can be loaded or optimised. */
  available_constructed_datasets: z.array(
    z.object({
      dataset_id: z.string().min(1),
      name: z.string(),
      construction_revision: z.number().int().positive(),
    }),
  ),
  output_format: z.enum(["chat", "report", "json"]),
  /** The run's planning and reasoning options (AF-2), so the offline model follows them too. */
  planning_mode: z.enum(["never", "auto", "always"]).optional(),
  reasoning_mode: z.enum(["direct", "staged"]).optional(),
  /**
   * The succeeded tool calls of the session's latest earlier run that made any, in order (earlier
   * runs' calls are not replayed as messages): what "save this analysis as a skill" builds from.
   */
  previous_run_tools: z
    .array(z.object({ tool_name: z.string(), args: z.record(z.string(), z.unknown()) }))
    .optional(),
});

/** The session state block's content (see `localRulesSessionStateSchema`). */
export type LocalRulesSessionState = z.infer<typeof localRulesSessionStateSchema>;

/** A dataset's construction status as the session state reports it. */
export type ConstructionStatus = z.infer<typeof constructionStatusSchema>;

/**
 * The session state as the system-prompt block the local-rules model parses. Validates first so
 * a runtime bug surfaces here, not as a silently ignored block; `<` is escaped so a dataset name
 * containing the closing marker cannot end the block early.
 */
export function renderSessionStateBlock(state: LocalRulesSessionState): string {
  const valid = localRulesSessionStateSchema.parse(state);
  const json = JSON.stringify(valid, null, 2).replace(/</g, "\\u003c");
  return `${sessionStateOpenMarker}\n${json}\n${sessionStateCloseMarker}`;
}

/**
 * The last session-state block found in the system text, or null when there is none or it is
 * not valid (the model then checks the session graph instead of trusting a broken block).
 */
export function parseSessionStateBlock(input: {
  systemText: string;
}): LocalRulesSessionState | null {
  const { systemText } = input;
  const start = systemText.lastIndexOf(sessionStateOpenMarker);
  if (start < 0) return null;
  const end = systemText.indexOf(sessionStateCloseMarker, start);
  if (end < 0) return null;
  const body = systemText.slice(start + sessionStateOpenMarker.length, end);
  try {
    const parsed = localRulesSessionStateSchema.safeParse(JSON.parse(body));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
