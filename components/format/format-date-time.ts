// One formatter for the whole UI; the user's locale and time zone, minutes precision.
const dateTimeFormat = new Intl.DateTimeFormat(undefined, {
  dateStyle: "medium",
  timeStyle: "short",
});

/** Formats an ISO timestamp for display; returns the raw text when it is not a date. */
export function formatDateTime(isoText: string): string {
  const date = new Date(isoText);
  return Number.isNaN(date.getTime()) ? isoText : dateTimeFormat.format(date);
}
