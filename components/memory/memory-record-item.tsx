"use client";

import Link from "next/link";
import { quietButtonClass, secondaryButtonClass } from "@/components/ui/button-styles";
import type { MemoryRecord } from "@/lib/contracts/memory";

/** One memory record: its text, facts, source run link, and Delete with a confirmation step. */
export function MemoryRecordItem({
  record,
  confirming,
  deleteDisabled,
  onAskDelete,
  onConfirmDelete,
  onKeep,
}: {
  record: MemoryRecord;
  /** The confirmation step is open for this record. */
  confirming: boolean;
  deleteDisabled: boolean;
  onAskDelete: () => void;
  onConfirmDelete: () => void;
  onKeep: () => void;
}) {
  return (
    <li className="p-3" data-testid="memory-record" data-memory-id={record.memory_id}>
      <p
        className={record.superseded ? "text-slate-400 line-through" : "text-slate-900"}
        data-testid="memory-record-text"
      >
        {record.text}
      </p>
      <p className="mt-1 text-xs text-slate-500">
        {record.superseded ? "superseded (history, never injected) · " : ""}
        {record.subject ? `${record.subject} · ` : ""}
        {record.kind ? `${record.kind} · ` : ""}
        {record.origin ?? ""} · used {record.use_count}× ·{" "}
        {new Date(record.created_at).toLocaleString()}
        {record.source_run_id ? (
          <>
            {" · "}
            {record.session_id ? (
              <Link
                className="underline"
                href={`/chat?session=${record.session_id}`}
                data-testid="memory-record-source"
              >
                from run {record.source_run_id.slice(0, 8)}
              </Link>
            ) : (
              <span>from run {record.source_run_id.slice(0, 8)}</span>
            )}
          </>
        ) : null}
      </p>
      <div className="mt-2 flex gap-2">
        {confirming ? (
          <>
            <span className="text-sm text-slate-700">Delete this record?</span>
            <button
              type="button"
              className={secondaryButtonClass}
              onClick={onConfirmDelete}
              data-testid="memory-confirm-delete"
            >
              Yes, delete
            </button>
            <button
              type="button"
              className={quietButtonClass}
              onClick={onKeep}
              data-testid="memory-cancel-delete"
            >
              Keep
            </button>
          </>
        ) : (
          <button
            type="button"
            className={quietButtonClass}
            onClick={onAskDelete}
            disabled={deleteDisabled}
            data-testid="memory-delete"
            aria-label={`Delete “${record.text.slice(0, 40)}”`}
          >
            Delete
          </button>
        )}
      </div>
    </li>
  );
}
