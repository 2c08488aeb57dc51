"use client";

import { useRef, useState } from "react";
import { describeError } from "@/hooks/api/api-request-error";
import { useSkillActions } from "@/hooks/use-skill-actions";
import { secondaryButtonClass } from "../ui/button-styles";
import { ProgressBar } from "../ui/progress-bar";

type UploadState =
  | { kind: "idle" }
  | { kind: "sending"; name: string; fraction: number }
  | { kind: "done"; names: string[] }
  | { kind: "failed"; name: string; code: string; message: string };

/** Drop or choose a .md / .zip skill; it goes to the review queue unless "mine" is chosen. */
export function SkillUploadZone() {
  const { upload } = useSkillActions();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [target, setTarget] = useState<"review_queue" | "user">("review_queue");
  const [state, setState] = useState<UploadState>({ kind: "idle" });

  const send = (file: File) => {
    setState({ kind: "sending", name: file.name, fraction: 0 });
    upload.mutate(
      {
        file,
        target,
        onProgress: (fraction) => setState({ kind: "sending", name: file.name, fraction }),
      },
      {
        onSuccess: (answer) =>
          setState({ kind: "done", names: answer.skills.map((skill) => skill.name) }),
        onError: (error) => setState({ kind: "failed", name: file.name, ...describeError(error) }),
      },
    );
  };

  return (
    <section aria-labelledby="skill-upload-heading" className="mb-6">
      <h2 id="skill-upload-heading" className="mb-2 text-lg font-semibold text-slate-900">
        Upload a skill
      </h2>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the drop target; the button inside is the keyboard path. */}
      <div
        data-testid="skill-drop-zone"
        data-dragging={dragging ? "true" : "false"}
        onDragEnter={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragOver={(event) => event.preventDefault()}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          const file = event.dataTransfer.files[0];
          if (file) send(file);
        }}
        className={`rounded-lg border-2 border-dashed p-4 text-sm ${dragging ? "border-blue-500 bg-blue-50" : "border-slate-300 bg-white"}`}
      >
        <p className="text-slate-700">Drop a SKILL.md or a .zip with a skill folder here, or</p>
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <button
            type="button"
            className={secondaryButtonClass}
            onClick={() => input.current?.click()}
            data-testid="skill-choose-file"
          >
            Choose a file
          </button>
          <label className="flex items-center gap-2 text-slate-700">
            Upload to
            <select
              data-testid="skill-upload-target"
              value={target}
              onChange={(event) => setTarget(event.target.value as "review_queue" | "user")}
              className="rounded border border-slate-300 px-2 py-1"
            >
              <option value="review_queue">the review queue</option>
              <option value="user">my skills</option>
            </select>
          </label>
        </div>
        <input
          ref={input}
          type="file"
          accept=".md,.zip"
          className="sr-only"
          tabIndex={-1}
          data-testid="skill-file-input"
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) send(file);
            event.target.value = "";
          }}
        />
        <div aria-live="polite" className="mt-3" data-testid="skill-upload-status">
          {state.kind === "sending" ? (
            <ProgressBar value={state.fraction * 100} label={`Uploading ${state.name}`} />
          ) : null}
          {state.kind === "done" ? (
            <p className="text-emerald-800">Uploaded: {state.names.join(", ")}</p>
          ) : null}
          {state.kind === "failed" ? (
            <p role="alert" className="text-red-800">
              {state.name} was refused: {state.message}{" "}
              <code className="rounded bg-red-100 px-1 text-xs">{state.code}</code>
            </p>
          ) : null}
        </div>
      </div>
    </section>
  );
}
