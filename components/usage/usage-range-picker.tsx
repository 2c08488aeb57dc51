"use client";

import { type FormEvent, useEffect, useId, useState } from "react";
import { secondaryButtonClass } from "../ui/button-styles";

/** A range of UTC days, both included. */
export type DayRange = { from: string; to: string };

const dayMs = 24 * 60 * 60 * 1000;
const presets = [7, 30, 90] as const;

/** The last `days` UTC days, today included. */
export function lastDays(days: number, now: number = Date.now()): DayRange {
  const day = (time: number) => new Date(time).toISOString().slice(0, 10);
  return { from: day(now - (days - 1) * dayMs), to: day(now) };
}

const inputClass =
  "rounded-md border border-slate-300 bg-white px-2 py-1 text-sm text-slate-900 focus:border-blue-500 focus:outline-none focus:ring-2 focus:ring-blue-200";

/**
 * Picks the days the usage covers: the last 7, 30 or 90 days at a click, or any range of UTC
 * days (the first after the last is refused here, before anything is asked).
 */
export function UsageRangePicker({
  shown,
  onChange,
}: {
  /** The range the numbers below are for. */
  shown: DayRange | null;
  onChange: (range: DayRange) => void;
}) {
  const [draft, setDraft] = useState<DayRange>(shown ?? lastDays(30));
  const [problem, setProblem] = useState<string | null>(null);
  const problemId = useId();
  useEffect(() => {
    if (shown) setDraft(shown);
  }, [shown]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!draft.from || !draft.to) return setProblem("Choose both days.");
    if (draft.from > draft.to) return setProblem("The first day must not be after the last.");
    setProblem(null);
    onChange(draft);
  };

  return (
    <form
      onSubmit={submit}
      className="flex flex-wrap items-end gap-3"
      aria-label="Days to show"
      data-testid="usage-range"
    >
      <label className="flex flex-col gap-1 text-xs font-medium text-slate-600">
        From (UTC)
        <input
          type="date"
          className={inputClass}
          value={draft.from}
          max={draft.to || undefined}
          onChange={(event) => setDraft({ ...draft, from: event.target.value })}
          aria-describedby={problem ? problemId : undefined}
          data-testid="usage-range-from"
        />
      </label>
      <label className="flex flex-col gap-1 text-xs font-medium text-slate-600">
        To (UTC)
        <input
          type="date"
          className={inputClass}
          value={draft.to}
          min={draft.from || undefined}
          onChange={(event) => setDraft({ ...draft, to: event.target.value })}
          aria-describedby={problem ? problemId : undefined}
          data-testid="usage-range-to"
        />
      </label>
      <button type="submit" className={secondaryButtonClass} data-testid="usage-range-apply">
        Show
      </button>
      <fieldset className="flex flex-wrap gap-1">
        <legend className="sr-only">Recent days</legend>
        {presets.map((days) => (
          <button
            key={days}
            type="button"
            className="rounded-md px-2 py-1 text-xs font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900"
            onClick={() => {
              setProblem(null);
              onChange(lastDays(days));
            }}
          >
            Last {days} days
          </button>
        ))}
      </fieldset>
      {problem ? (
        <p id={problemId} role="alert" className="w-full text-sm text-red-700">
          {problem}
        </p>
      ) : null}
    </form>
  );
}
