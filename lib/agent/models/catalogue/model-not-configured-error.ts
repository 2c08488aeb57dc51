import { ApiError } from "@/lib/errors/api-error";
import type { MissingModelSetting } from "./model-catalogue-entry";

/**
 * MODEL_NOT_CONFIGURED (AF-3): the chosen model is not in the caller's catalogue, or lacks
 * what a call needs. Thrown before any network call, so nothing has started when it surfaces.
 */
export class ModelNotConfiguredError extends ApiError {
  readonly model: string;
  readonly missing: readonly (MissingModelSetting | "catalogue_entry")[];

  constructor(input: {
    model: string;
    missing: (MissingModelSetting | "catalogue_entry")[];
    reason?: string;
  }) {
    super({
      code: "MODEL_NOT_CONFIGURED",
      message: explain(input),
      details: { model: input.model, missing: input.missing, reason: input.reason },
    });
    this.model = input.model;
    this.missing = input.missing;
  }
}

function explain(input: { model: string; missing: string[]; reason?: string }): string {
  if (input.missing.includes("catalogue_entry")) {
    return `The model "${input.model}" is not in the model catalogue.`;
  }
  const what = input.missing.join(", ");
  const reason = input.reason ? ` (${input.reason})` : "";
  return `The model "${input.model}" is not configured: missing ${what}${reason}.`;
}
