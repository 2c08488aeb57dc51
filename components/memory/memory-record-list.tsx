"use client";

import { useEffect, useRef, useState } from "react";
import { EmptyState } from "@/components/ui/empty-state";
import { ErrorState } from "@/components/ui/error-state";
import { useMemoryActions, useMemoryRecords } from "@/hooks/use-memories";
import type { MemoryRecord, MemoryStore } from "@/lib/contracts/memory";
import { MemoryRecordItem } from "./memory-record-item";

// A delete waits this long for Undo before it is sent, so undo never needs a restore API.
const undoWindowMs = 5_000;

/** One store's records with search, source links, and delete with confirmation and undo. */
export function MemoryRecordList({ store, q }: { store: MemoryStore; q: string }) {
  const records = useMemoryRecords({ store, q });
  const { remove } = useMemoryActions();
  const [confirming, setConfirming] = useState<string | null>(null);
  const [pending, setPending] = useState<MemoryRecord | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const undoButton = useRef<HTMLButtonElement>(null);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const schedule = (record: MemoryRecord) => {
    setConfirming(null);
    setPending(record);
    timer.current = setTimeout(() => {
      remove.mutate(record.memory_id, { onSettled: () => setPending(null) });
    }, undoWindowMs);
    queueMicrotask(() => undoButton.current?.focus());
  };
  const undo = () => {
    if (timer.current) clearTimeout(timer.current);
    setPending(null);
  };

  if (records.isPending) return <p data-testid="memory-loading">Loading…</p>;
  if (records.isError) {
    return (
      <ErrorState
        title="The records could not be loaded"
        error={records.error}
        onRetry={() => void records.refetch()}
        isRetrying={records.isFetching}
        testId="memory-error"
      />
    );
  }
  const visible = records.data.records.filter((record) => record.memory_id !== pending?.memory_id);
  return (
    <div>
      {pending ? (
        <div
          role="status"
          data-testid="memory-undo-bar"
          className="mb-3 flex items-center gap-3 rounded-md bg-slate-800 px-3 py-2 text-sm text-white"
        >
          <span>Deleted “{pending.text.slice(0, 60)}”.</span>
          <button
            ref={undoButton}
            type="button"
            className="underline"
            onClick={undo}
            data-testid="memory-undo"
          >
            Undo
          </button>
        </div>
      ) : null}
      {remove.isError ? (
        <ErrorState title="The delete failed" error={remove.error} testId="memory-delete-error" />
      ) : null}
      {visible.length === 0 ? (
        <EmptyState
          title={q ? "No record matches this search" : "Nothing saved in this store yet"}
          testId="memory-empty"
        >
          Records appear here after completed runs (or, for the profile, when you add one).
        </EmptyState>
      ) : (
        <ul
          className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white"
          data-testid="memory-records"
        >
          {visible.map((record) => (
            <MemoryRecordItem
              key={record.memory_id}
              record={record}
              confirming={confirming === record.memory_id}
              deleteDisabled={pending !== null}
              onAskDelete={() => setConfirming(record.memory_id)}
              onConfirmDelete={() => schedule(record)}
              onKeep={() => setConfirming(null)}
            />
          ))}
        </ul>
      )}
      {records.data.evictions.length > 0 ? (
        <details className="mt-4 text-sm text-slate-600" data-testid="memory-evictions">
          <summary>Evicted by the size limit ({records.data.evictions.length})</summary>
          <ul className="mt-2 list-disc pl-5">
            {records.data.evictions.map((eviction) => (
              <li key={eviction.record_id}>
                {eviction.store}: “{eviction.text.slice(0, 80)}” — {eviction.reason}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}
