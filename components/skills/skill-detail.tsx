"use client";

import { useState } from "react";
import { describeError } from "@/hooks/api/api-request-error";
import { useSkillActions } from "@/hooks/use-skill-actions";
import { useSkill } from "@/hooks/use-skills";
import { secondaryButtonClass } from "../ui/button-styles";
import { ErrorState } from "../ui/error-state";
import { CandidateReview } from "./candidate-review";
import { SkillSourceBadge } from "./skill-source-badge";

type Selection = { name: string; source: string };

/** One skill's full content (as text, never as HTML), its files, and what may be done with it. */
export function SkillDetail({
  selection,
  onSelect,
}: {
  selection: Selection;
  onSelect: (next: Selection | null) => void;
}) {
  const skill = useSkill(selection);
  const { remove } = useSkillActions();
  const [confirming, setConfirming] = useState(false);

  if (skill.isPending)
    return (
      <p className="text-sm text-slate-600" data-testid="skill-detail-loading">
        Loading the skill…
      </p>
    );
  if (skill.isError)
    return (
      <ErrorState
        title="The skill could not be loaded"
        error={skill.error}
        onRetry={() => skill.refetch()}
      />
    );
  const data = skill.data;
  const removeError = remove.error ? describeError(remove.error) : null;
  return (
    <article data-testid="skill-detail" aria-labelledby="skill-detail-name">
      <div className="flex flex-wrap items-center gap-2">
        <h2
          id="skill-detail-name"
          className="text-lg font-semibold text-slate-900"
          data-testid="skill-detail-name"
        >
          {data.name}
        </h2>
        <SkillSourceBadge skill={data} />
        <span className="text-xs text-slate-500">version {data.version}</span>
      </div>
      <p className="mt-1 text-sm text-slate-700">{data.description}</p>
      {data.rejected_reason ? (
        <p className="mt-1 text-sm text-red-800" data-testid="skill-rejected-reason">
          Rejected: {data.rejected_reason}
        </p>
      ) : null}
      {data.playbook_id ? (
        <p className="mt-1 text-xs text-slate-600">Playbook: {data.playbook_id}</p>
      ) : null}
      {data.proposed_by_run_id ? (
        <p className="mt-1 text-xs text-slate-600">Proposed by run {data.proposed_by_run_id}</p>
      ) : null}
      <pre
        data-testid="skill-content"
        className="mt-3 max-h-96 overflow-auto whitespace-pre-wrap rounded border border-slate-200 bg-slate-50 p-3 text-xs text-slate-800"
      >
        {data.content}
      </pre>
      {data.files.length > 0 ? (
        <ul className="mt-3 space-y-2" aria-label="Attached files">
          {data.files.map((file) => (
            <li key={file.path}>
              <details>
                <summary className="cursor-pointer text-sm text-slate-800">
                  {file.path} <span className="text-xs text-slate-500">({file.bytes} bytes)</span>
                </summary>
                <pre className="mt-1 max-h-64 overflow-auto whitespace-pre-wrap rounded bg-slate-50 p-2 text-xs">
                  {file.content}
                </pre>
              </details>
            </li>
          ))}
        </ul>
      ) : null}
      {data.source === "candidate" ? (
        <CandidateReview key={data.name} name={data.name} onDone={onSelect} />
      ) : null}
      {data.source !== "builtin" ? (
        <div className="mt-4">
          {confirming ? (
            <fieldset aria-label="Confirm delete" className="flex items-center gap-2 text-sm">
              <span>Delete “{data.name}” and all its versions?</span>
              <button
                type="button"
                className={secondaryButtonClass}
                data-testid="skill-delete-confirm"
                onClick={() =>
                  remove.mutate(
                    { name: data.name, source: data.source },
                    { onSuccess: () => onSelect(null) },
                  )
                }
              >
                Delete
              </button>
              <button
                type="button"
                className={secondaryButtonClass}
                onClick={() => setConfirming(false)}
              >
                Keep
              </button>
            </fieldset>
          ) : (
            <button
              type="button"
              className={secondaryButtonClass}
              data-testid="skill-delete"
              onClick={() => setConfirming(true)}
            >
              Delete…
            </button>
          )}
          {removeError ? (
            <p role="alert" className="mt-2 text-sm text-red-800">
              {removeError.message}
            </p>
          ) : null}
        </div>
      ) : (
        <p className="mt-4 text-xs text-slate-500">
          Built-in skills ship with the app and cannot be changed.
        </p>
      )}
    </article>
  );
}
