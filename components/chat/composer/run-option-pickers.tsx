"use client";

import { useId } from "react";
import type { ModelList } from "@/lib/contracts/model-catalogue";
import {
  outputFormats,
  planningModes,
  type RunOptions,
  reasoningModes,
} from "@/lib/contracts/run-options";

const reasoningLabels: Record<RunOptions["reasoning_mode"], string> = {
  direct: "Direct",
  staged: "Staged",
};
const planningLabels: Record<RunOptions["planning_mode"], string> = {
  never: "Never plan",
  auto: "Plan when useful",
  always: "Always plan",
};
const outputLabels: Record<RunOptions["output_format"], string> = {
  chat: "Chat answer",
  report: "Report",
  json: "Plain (JSON mode)",
};

const selectClass =
  "block w-full rounded-md border border-slate-300 bg-white px-2 py-1 text-xs text-slate-800 disabled:opacity-60";

function Picker<Value extends string>({
  label,
  value,
  values,
  labels,
  onChange,
  disabled,
  testId,
}: {
  label: string;
  value: Value;
  values: readonly Value[];
  labels: Record<Value, string>;
  onChange: (value: Value) => void;
  disabled: boolean;
  testId: string;
}) {
  const id = useId();
  return (
    <div className="min-w-32">
      <label htmlFor={id} className="block text-xs text-slate-600">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as Value)}
        disabled={disabled}
        data-testid={testId}
        className={selectClass}
      >
        {values.map((option) => (
          <option key={option} value={option}>
            {labels[option]}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The model to use; the default is preselected and unconfigured models say what they lack. */
export function ModelPicker({
  models,
  isLoading,
  loadFailed,
  value,
  onChange,
  disabled,
}: {
  models: ModelList | undefined;
  isLoading: boolean;
  loadFailed: boolean;
  value: string;
  onChange: (model: string) => void;
  disabled: boolean;
}) {
  const id = useId();
  const noteId = useId();
  const unconfigured = models?.models.filter((model) => !model.configured) ?? [];
  return (
    <div className="w-full max-w-64 sm:w-64">
      <label htmlFor={id} className="block text-xs text-slate-600">
        Model
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        disabled={disabled || !models}
        aria-describedby={unconfigured.length > 0 || loadFailed ? noteId : undefined}
        data-testid="model-select"
        className={selectClass}
      >
        {!models ? (
          <option value="">{isLoading ? "Loading models…" : "Server default"}</option>
        ) : (
          models.models.map((model) => (
            <option
              key={model.name}
              value={model.name}
              disabled={!model.configured}
              data-configured={model.configured ? "true" : "false"}
            >
              {model.name}
              {model.is_default ? " (default)" : ""}
              {model.configured
                ? ""
                : ` — not configured${model.missing?.length ? `: missing ${model.missing.join(", ")}` : ""}`}
            </option>
          ))
        )}
      </select>
      {loadFailed ? (
        <p id={noteId} className="mt-0.5 text-xs text-amber-800" data-testid="model-load-error">
          The model list could not be loaded; the server's default model will be used.
        </p>
      ) : unconfigured.length > 0 ? (
        <p
          id={noteId}
          className="mt-0.5 text-xs text-slate-500"
          data-testid="model-unconfigured-note"
        >
          Not configured:{" "}
          {unconfigured
            .map(
              (model) =>
                `${model.name}${model.missing?.length ? ` (missing ${model.missing.join(", ")})` : ""}`,
            )
            .join("; ")}
        </p>
      ) : null}
    </div>
  );
}

/** Reasoning, planning and output format of the next run (AF-2). */
export function RunModePickers({
  options,
  onChange,
  disabled,
}: {
  options: Omit<RunOptions, "model">;
  onChange: (change: Partial<Omit<RunOptions, "model">>) => void;
  disabled: boolean;
}) {
  return (
    <>
      <Picker
        label="Reasoning"
        value={options.reasoning_mode}
        values={reasoningModes}
        labels={reasoningLabels}
        onChange={(reasoning_mode) => onChange({ reasoning_mode })}
        disabled={disabled}
        testId="reasoning-select"
      />
      <Picker
        label="Planning"
        value={options.planning_mode}
        values={planningModes}
        labels={planningLabels}
        onChange={(planning_mode) => onChange({ planning_mode })}
        disabled={disabled}
        testId="planning-select"
      />
      <Picker
        label="Output"
        value={options.output_format}
        values={outputFormats}
        labels={outputLabels}
        onChange={(output_format) => onChange({ output_format })}
        disabled={disabled}
        testId="output-format-select"
      />
    </>
  );
}
