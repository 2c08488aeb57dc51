"use client";

import { useMemo, useState } from "react";
import { useSkills } from "@/hooks/use-skills";
import type { SkillListItem } from "@/lib/contracts/skill";
import { EmptyState } from "../ui/empty-state";
import { ErrorState } from "../ui/error-state";
import { SkillDetail } from "./skill-detail";
import { SkillSourceBadge } from "./skill-source-badge";
import { SkillUploadZone } from "./skill-upload-zone";

type Selection = { name: string; source: string };

function SkillButton({
  skill,
  selected,
  onSelect,
}: {
  skill: SkillListItem;
  selected: boolean;
  onSelect: () => void;
}) {
  return (
    <li>
      <button
        type="button"
        onClick={onSelect}
        aria-current={selected ? "true" : undefined}
        data-testid="skill-row"
        data-skill-name={skill.name}
        data-skill-source={skill.source}
        className={`w-full rounded-md border px-3 py-2 text-left text-sm ${selected ? "border-blue-500 bg-blue-50" : "border-slate-200 bg-white hover:bg-slate-50"}`}
      >
        <span className="flex items-center justify-between gap-2">
          <span className="font-medium text-slate-900">{skill.name}</span>
          <SkillSourceBadge skill={skill} />
        </span>
        <span className="mt-0.5 block truncate text-xs text-slate-600">{skill.description}</span>
      </button>
    </li>
  );
}

/** The Skills page (UI-4, SK-5): upload, search, the review queue, and one skill's full content. */
export function SkillsView() {
  const skills = useSkills();
  const [query, setQuery] = useState("");
  const [selection, setSelection] = useState<Selection | null>(null);
  const filtered = useMemo(() => {
    const needle = query.trim().toLowerCase();
    return (skills.data ?? []).filter(
      (skill) =>
        !needle || skill.name.includes(needle) || skill.description.toLowerCase().includes(needle),
    );
  }, [skills.data, query]);
  const queue = filtered.filter((skill) => skill.source === "candidate");
  const active = filtered.filter((skill) => skill.source !== "candidate");
  const isSelected = (skill: SkillListItem) =>
    selection?.name === skill.name && selection.source === skill.source;

  return (
    <div>
      <SkillUploadZone />
      <label className="mb-4 block text-sm text-slate-700">
        Search skills
        <input
          type="search"
          data-testid="skill-search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          className="mt-1 w-full max-w-md rounded border border-slate-300 px-2 py-1"
          placeholder="name or description"
        />
      </label>
      {skills.isPending ? (
        <p className="text-sm text-slate-600" data-testid="skills-loading">
          Loading skills…
        </p>
      ) : null}
      {skills.isError ? (
        <ErrorState
          title="Skills could not be loaded"
          error={skills.error}
          onRetry={() => skills.refetch()}
        />
      ) : null}
      {skills.isSuccess ? (
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(16rem,22rem)_1fr]">
          <div>
            <section aria-labelledby="review-queue-heading" data-testid="review-queue">
              <h2 id="review-queue-heading" className="mb-2 text-lg font-semibold text-slate-900">
                Review queue ({queue.length})
              </h2>
              {queue.length === 0 ? (
                <p className="mb-4 text-sm text-slate-600" data-testid="review-queue-empty">
                  Nothing is waiting for review.
                </p>
              ) : (
                <ul className="mb-4 space-y-2">
                  {queue.map((skill) => (
                    <SkillButton
                      key={`${skill.source}:${skill.name}`}
                      skill={skill}
                      selected={isSelected(skill)}
                      onSelect={() => setSelection(skill)}
                    />
                  ))}
                </ul>
              )}
            </section>
            <section aria-labelledby="active-skills-heading" data-testid="active-skills">
              <h2 id="active-skills-heading" className="mb-2 text-lg font-semibold text-slate-900">
                Active skills ({active.length})
              </h2>
              <ul className="space-y-2">
                {active.map((skill) => (
                  <SkillButton
                    key={`${skill.source}:${skill.name}`}
                    skill={skill}
                    selected={isSelected(skill)}
                    onSelect={() => setSelection(skill)}
                  />
                ))}
              </ul>
            </section>
          </div>
          <div>
            {selection ? (
              <SkillDetail
                key={`${selection.source}:${selection.name}`}
                selection={selection}
                onSelect={setSelection}
              />
            ) : (
              <EmptyState title="Choose a skill to read it" testId="skill-detail-empty">
                Built-in skills ship with the app; yours and the review queue are listed beside
                them.
              </EmptyState>
            )}
          </div>
        </div>
      ) : null}
    </div>
  );
}
