"use client";

import { useState } from "react";
import { describeError } from "@/hooks/api/api-request-error";
import { useSkillActions } from "@/hooks/use-skill-actions";
import { primaryButtonClass, secondaryButtonClass } from "../ui/button-styles";

const inputClass = "mt-1 w-full rounded border border-slate-300 px-2 py-1 text-sm";

/** Approve (optionally renamed, with a playbook id) or reject (with a reason; keep or delete) a candidate. */
export function CandidateReview({
  name,
  onDone,
}: {
  name: string;
  onDone: (next: { name: string; source: string } | null) => void;
}) {
  const { approve, reject } = useSkillActions();
  const [targetName, setTargetName] = useState("");
  const [playbookId, setPlaybookId] = useState("");
  const [reason, setReason] = useState("");
  const [remove, setRemove] = useState(false);
  const approveError = approve.error ? describeError(approve.error) : null;
  const rejectError = reject.error ? describeError(reject.error) : null;

  return (
    <div className="mt-4 grid grid-cols-1 gap-4 md:grid-cols-2" data-testid="candidate-review">
      <form
        className="rounded-lg border border-emerald-200 bg-emerald-50 p-3"
        onSubmit={(event) => {
          event.preventDefault();
          approve.mutate(
            {
              name,
              targetName: targetName.trim() || undefined,
              playbookId: playbookId.trim() || undefined,
            },
            { onSuccess: (answer) => onDone({ name: answer.name, source: "user" }) },
          );
        }}
      >
        <h3 className="font-medium text-emerald-900">Approve</h3>
        <label className="mt-2 block text-sm text-slate-700">
          Save as (optional new name)
          <input
            data-testid="approve-target-name"
            className={inputClass}
            value={targetName}
            onChange={(event) => setTargetName(event.target.value)}
            placeholder={name}
          />
        </label>
        <label className="mt-2 block text-sm text-slate-700">
          Playbook id (optional)
          <input
            data-testid="approve-playbook-id"
            className={inputClass}
            value={playbookId}
            onChange={(event) => setPlaybookId(event.target.value)}
          />
        </label>
        {approveError ? (
          <p role="alert" data-testid="approve-error" className="mt-2 text-sm text-red-800">
            {approveError.message}{" "}
            <code className="rounded bg-red-100 px-1 text-xs">{approveError.code}</code>
          </p>
        ) : null}
        <button
          type="submit"
          className={`${primaryButtonClass} mt-3`}
          disabled={approve.isPending}
          data-testid="approve-button"
        >
          {approve.isPending ? "Approving…" : "Approve"}
        </button>
      </form>
      <form
        className="rounded-lg border border-red-200 bg-red-50 p-3"
        onSubmit={(event) => {
          event.preventDefault();
          reject.mutate(
            { name, reason: reason.trim() || undefined, remove },
            { onSuccess: () => onDone(remove ? null : { name, source: "candidate" }) },
          );
        }}
      >
        <h3 className="font-medium text-red-900">Reject</h3>
        <label className="mt-2 block text-sm text-slate-700">
          Reason
          <textarea
            data-testid="reject-reason"
            className={inputClass}
            rows={2}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        </label>
        <label className="mt-2 flex items-center gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            data-testid="reject-delete"
            checked={remove}
            onChange={(event) => setRemove(event.target.checked)}
          />
          Delete it instead of keeping it with the reason
        </label>
        {rejectError ? (
          <p role="alert" className="mt-2 text-sm text-red-800">
            {rejectError.message}{" "}
            <code className="rounded bg-red-100 px-1 text-xs">{rejectError.code}</code>
          </p>
        ) : null}
        <button
          type="submit"
          className={`${secondaryButtonClass} mt-3`}
          disabled={reject.isPending}
          data-testid="reject-button"
        >
          {reject.isPending ? "Rejecting…" : "Reject"}
        </button>
      </form>
    </div>
  );
}
