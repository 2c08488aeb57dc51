"use client";

import { useEffect, useRef, useState } from "react";
import type { EditingTurn } from "./editing-turn";

/**
 * The datasets attached to the next message. Editing a turn starts from the datasets its message
 * had attached; leaving the edit without sending gives back the ones chosen before.
 */
export function useEditingAttachments(editing: EditingTurn | null) {
  const [attachments, setAttachments] = useState<string[]>([]);
  const editingRunId = editing?.runId ?? null;
  const editingAttachments = editing?.attachments;
  const attachmentsBeforeEdit = useRef<string[] | null>(null);
  useEffect(() => {
    if (editingRunId && editingAttachments) {
      setAttachments((current) => {
        attachmentsBeforeEdit.current ??= current;
        return editingAttachments;
      });
    } else if (!editingRunId && attachmentsBeforeEdit.current) {
      setAttachments(attachmentsBeforeEdit.current);
      attachmentsBeforeEdit.current = null;
    }
  }, [editingRunId, editingAttachments]);

  /** The message was sent: the next one starts with none, and the edit has nothing to give back. */
  const clearAfterSend = () => {
    attachmentsBeforeEdit.current = null;
    setAttachments([]);
  };
  return { attachments, setAttachments, clearAfterSend };
}
