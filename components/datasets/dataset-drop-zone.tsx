"use client";

import { type DragEvent, useId, useRef, useState } from "react";
import { acceptedExtensions, pickerExtensions } from "@/hooks/api/check-upload-file";
import { formatBytes, formatExactBytes } from "../../lib/text/format-bytes";
import { primaryButtonClass } from "../ui/button-styles";

/**
 * Drop target plus a real button: dragging is a mouse-only gesture, so the button (and its
 * hidden file input) is the path that works for keyboards and screen readers.
 */
export function DatasetDropZone({
  maxBytes,
  disabled = false,
  onFiles,
}: {
  maxBytes: number | undefined;
  disabled?: boolean;
  onFiles: (files: File[]) => void;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [isDragging, setIsDragging] = useState(false);

  function acceptDrag(event: DragEvent<HTMLElement>) {
    // Without preventDefault the browser opens the dropped file instead of handing it to us.
    event.preventDefault();
    if (event.dataTransfer) event.dataTransfer.dropEffect = disabled ? "none" : "copy";
    if (!disabled) setIsDragging(true);
  }

  function handleDrop(event: DragEvent<HTMLElement>) {
    event.preventDefault();
    setIsDragging(false);
    if (disabled) return;
    const files = Array.from(event.dataTransfer?.files ?? []);
    if (files.length > 0) onFiles(files);
  }

  return (
    <section
      aria-label="Upload datasets"
      data-testid="dataset-drop-zone"
      data-dragging={isDragging}
      onDragEnter={acceptDrag}
      onDragOver={acceptDrag}
      onDragLeave={(event) => {
        // dragleave also fires when moving onto a child; only leaving the zone itself counts.
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setIsDragging(false);
      }}
      onDrop={handleDrop}
      className={`flex flex-col items-center gap-3 rounded-lg border-2 border-dashed p-8 text-center transition-colors ${
        isDragging ? "border-blue-500 bg-blue-50" : "border-slate-300 bg-white"
      }`}
    >
      <p className="text-sm font-medium text-slate-800">
        {isDragging ? "Drop to upload" : "Drag files here, or"}
      </p>
      <button
        type="button"
        className={primaryButtonClass}
        onClick={() => inputRef.current?.click()}
        disabled={disabled}
        aria-describedby={hintId}
        data-testid="choose-files-button"
      >
        Choose files
      </button>
      <input
        ref={inputRef}
        type="file"
        multiple
        accept={pickerExtensions.join(",")}
        className="hidden"
        tabIndex={-1}
        data-testid="dataset-file-input"
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          // Reset so choosing the same file again still fires a change event.
          event.target.value = "";
          if (files.length > 0) onFiles(files);
        }}
      />
      <p id={hintId} className="text-xs text-slate-600" data-testid="upload-limit-hint">
        Edge lists, SQL dumps, graph files and SQLite databases ({acceptedExtensions.join(", ")}, or
        any of them gzip-compressed as .gz)
        {maxBytes !== undefined ? (
          <>
            {" "}
            — up to <span title={formatExactBytes(maxBytes)}>{formatBytes(maxBytes)}</span> each
          </>
        ) : null}
      </p>
    </section>
  );
}
