"use client";

import { type FormEvent, useId, useState } from "react";
import { describeError } from "@/hooks/api/api-request-error";
import { useCreateProject } from "@/hooks/use-create-project";
import { type Project, projectNameSchema } from "@/lib/contracts/project";
import { primaryButtonClass, quietButtonClass } from "../ui/button-styles";

/** Inline form that creates a project; shows the client's and the server's validation errors. */
export function CreateProjectForm({
  onCreated,
  onCancel,
  autoFocus = false,
}: {
  onCreated: (project: Project) => void;
  onCancel?: () => void;
  autoFocus?: boolean;
}) {
  const inputId = useId();
  const errorId = useId();
  const [name, setName] = useState("");
  const [clientError, setClientError] = useState<string | null>(null);
  const createProject = useCreateProject();

  const serverError = createProject.error ? describeError(createProject.error) : null;
  const hasError = clientError !== null || serverError !== null;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = projectNameSchema.safeParse(name);
    if (!parsed.success) {
      setClientError(parsed.error.issues[0]?.message ?? "Invalid project name.");
      return;
    }
    setClientError(null);
    createProject.mutate(parsed.data, { onSuccess: onCreated });
  }

  return (
    <form
      onSubmit={handleSubmit}
      onKeyDown={(event) => {
        if (event.key === "Escape" && onCancel) {
          event.preventDefault();
          onCancel();
        }
      }}
      noValidate
      data-testid="create-project-form"
      className="space-y-2"
    >
      <label htmlFor={inputId} className="block text-xs font-medium text-slate-700">
        New project name
      </label>
      <input
        id={inputId}
        type="text"
        value={name}
        onChange={(event) => {
          setName(event.target.value);
          setClientError(null);
          if (createProject.isError) createProject.reset();
        }}
        // Focus moves here because the user just asked for this form.
        // biome-ignore lint/a11y/noAutofocus: opened on explicit request, focus belongs here
        autoFocus={autoFocus}
        maxLength={200}
        aria-invalid={hasError}
        aria-describedby={hasError ? errorId : undefined}
        data-testid="create-project-name"
        className="block w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm aria-invalid:border-red-500"
      />
      {hasError ? (
        <p
          id={errorId}
          role="alert"
          data-testid="create-project-error"
          className="text-xs text-red-700"
        >
          {clientError ?? serverError?.message}{" "}
          {serverError && !clientError ? (
            <code className="rounded bg-red-50 px-1">{serverError.code}</code>
          ) : null}
        </p>
      ) : null}
      <div className="flex gap-2">
        <button
          type="submit"
          className={primaryButtonClass}
          disabled={createProject.isPending}
          data-testid="create-project-submit"
        >
          {createProject.isPending ? "Creating…" : "Create project"}
        </button>
        {onCancel ? (
          <button type="button" className={quietButtonClass} onClick={onCancel}>
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  );
}
