import type { JSONValue, LanguageModelV3ToolResultOutput } from "@ai-sdk/provider";

/** The tool envelope (docs/api.md `structuredContent`) as the model reads it from a result. */
export type EnvelopeView = {
  success: boolean;
  status: string;
  errorCode?: string;
  message?: string;
  data: unknown;
  /** The value exactly as the runtime returned it, for reports (TC-3: raw earlier returns). */
  raw: JSONValue;
};

/** How one tool call of this run ended, as far as the prompt tells. */
export type ToolOutcome =
  | { kind: "success"; envelope: EnvelopeView }
  | { kind: "failure"; envelope: EnvelopeView }
  | { kind: "blocked"; envelope: EnvelopeView; blockedBy: string[] }
  | { kind: "denied"; reason?: string }
  | { kind: "awaiting-approval" }
  | { kind: "missing" };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function parseJsonText(text: string): JSONValue | null {
  try {
    return JSON.parse(text) as JSONValue;
  } catch {
    return null;
  }
}

// Rejections are recorded by the runtime as failed outcomes; their wording varies, so both the
// status and the code are checked.
function isRejection(envelope: EnvelopeView): boolean {
  return (
    /^(rejected|denied)$/i.test(envelope.status) || /REJECT|DENIED/.test(envelope.errorCode ?? "")
  );
}

/** Reads an envelope out of any JSON value; anything that is not one counts as a failure. */
function toEnvelope(raw: JSONValue, fallbackFailure: boolean): EnvelopeView {
  if (isRecord(raw) && typeof raw.success === "boolean") {
    return {
      success: raw.success && !fallbackFailure,
      status: typeof raw.status === "string" ? raw.status : raw.success ? "completed" : "failed",
      errorCode: typeof raw.error_code === "string" ? raw.error_code : undefined,
      message: typeof raw.message === "string" ? raw.message : undefined,
      data: raw.data,
      raw,
    };
  }
  return {
    success: false,
    status: "failed",
    errorCode: "INVALID_TOOL_RESULT",
    message: typeof raw === "string" ? raw : "The tool returned something that is not an envelope.",
    data: undefined,
    raw,
  };
}

/** Classifies an envelope by `success`, blocking and approval state. */
function classify(envelope: EnvelopeView): ToolOutcome {
  if (envelope.success) return { kind: "success", envelope };
  if (envelope.status === "awaiting_approval") return { kind: "awaiting-approval" };
  if (envelope.errorCode === "TOOL_DEPENDENCY_BLOCKED") {
    const data = isRecord(envelope.data) ? envelope.data : {};
    const blockedBy = Array.isArray(data.blocked_by)
      ? data.blocked_by.filter((id): id is string => typeof id === "string")
      : [];
    return { kind: "blocked", envelope, blockedBy };
  }
  if (isRejection(envelope)) return { kind: "denied", reason: envelope.message };
  return { kind: "failure", envelope };
}

/** The outcome of a tool-result output of any AI SDK output type. */
export function readToolOutcome(input: { output: LanguageModelV3ToolResultOutput }): ToolOutcome {
  const { output } = input;
  switch (output.type) {
    case "json":
      return classify(toEnvelope(output.value, false));
    case "error-json":
      return classify(toEnvelope(output.value, true));
    case "text":
    case "error-text": {
      const parsed = parseJsonText(output.value);
      return classify(toEnvelope(parsed ?? output.value, output.type === "error-text"));
    }
    case "execution-denied":
      return { kind: "denied", reason: output.reason };
    case "content": {
      const text = output.value.map((item) => (item.type === "text" ? item.text : "")).join("");
      return classify(toEnvelope(parseJsonText(text) ?? text, false));
    }
  }
}
