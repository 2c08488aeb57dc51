"use client";

import { type RefObject, useEffect } from "react";

/**
 * Keeps the keyboard in the message box: on mount when asked, and when the answer is done unless
 * focus moved elsewhere meanwhile.
 */
export function useMessageBoxFocus({
  textareaRef,
  autoFocus,
  canSend,
}: {
  textareaRef: RefObject<HTMLTextAreaElement | null>;
  autoFocus: boolean;
  canSend: boolean;
}) {
  useEffect(() => {
    if (autoFocus) textareaRef.current?.focus();
  }, [autoFocus, textareaRef]);

  // Give the keyboard back to the box when the answer is done, unless focus moved elsewhere.
  useEffect(() => {
    if (!canSend) return;
    const active = document.activeElement;
    if (!active || active === document.body) textareaRef.current?.focus({ preventScroll: true });
  }, [canSend, textareaRef]);
}
