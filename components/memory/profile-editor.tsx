"use client";

import { useState } from "react";
import {
  primaryButtonClass,
  quietButtonClass,
  secondaryButtonClass,
} from "@/components/ui/button-styles";
import { ErrorState } from "@/components/ui/error-state";
import { useMemoryActions, useProfile } from "@/hooks/use-memories";

type Draft = { memory_id?: string; text: string }[];

/** Edits the profile's preferences; a changed entry supersedes the old one (kept as history). */
export function ProfileEditor() {
  const profile = useProfile();
  const { saveProfile } = useMemoryActions();
  const [draft, setDraft] = useState<Draft | null>(null);
  if (profile.isPending) return null;
  if (profile.isError)
    return (
      <ErrorState
        title="The profile could not be loaded"
        error={profile.error}
        testId="profile-error"
      />
    );
  if (draft === null) {
    return (
      <button
        type="button"
        className={secondaryButtonClass}
        onClick={() =>
          setDraft(profile.data.preferences.map(({ memory_id, text }) => ({ memory_id, text })))
        }
        data-testid="profile-edit"
      >
        Edit profile
      </button>
    );
  }
  const update = (index: number, text: string) =>
    setDraft(draft.map((entry, i) => (i === index ? { ...entry, text } : entry)));
  return (
    <form
      className="space-y-2 rounded-lg border border-slate-200 bg-white p-3"
      data-testid="profile-form"
      onSubmit={(event) => {
        event.preventDefault();
        const preferences = draft.filter((entry) => entry.text.trim() !== "");
        saveProfile.mutate(preferences, { onSuccess: () => setDraft(null) });
      }}
    >
      {draft.map((entry, index) => (
        <div key={entry.memory_id ?? `new-${index}`} className="flex gap-2">
          <label className="sr-only" htmlFor={`profile-entry-${index}`}>
            Preference {index + 1}
          </label>
          <input
            id={`profile-entry-${index}`}
            className="flex-1 rounded-md border border-slate-300 px-2 py-1 text-sm"
            value={entry.text}
            onChange={(event) => update(index, event.target.value)}
            data-testid="profile-entry"
          />
          <button
            type="button"
            className={quietButtonClass}
            onClick={() => setDraft(draft.filter((_, i) => i !== index))}
          >
            Remove
          </button>
        </div>
      ))}
      <div className="flex gap-2">
        <button
          type="button"
          className={quietButtonClass}
          onClick={() => setDraft([...draft, { text: "" }])}
          data-testid="profile-add"
        >
          Add preference
        </button>
        <button
          type="submit"
          className={primaryButtonClass}
          disabled={saveProfile.isPending}
          data-testid="profile-save"
        >
          {saveProfile.isPending ? "Saving…" : "Save profile"}
        </button>
        <button type="button" className={quietButtonClass} onClick={() => setDraft(null)}>
          Cancel
        </button>
      </div>
      {saveProfile.isError ? (
        <ErrorState title="The profile was not saved" error={saveProfile.error} />
      ) : null}
    </form>
  );
}
