import type { RerunChange, RerunTurn, RerunTurnSide } from "@/lib/contracts/rerun";
import { AnswerMarkdown } from "../markdown/answer-markdown";

// The answers are read as in the chat (bold headings, rankings as tables); their figures are not
// linked to tool calls here, since the calls belong to two other conversations.
const noFigureLink = () => "";
const ignoreFigureSelect = () => {};

function formatValue(value: number | string | null): string {
  if (value === null) return "—";
  if (typeof value === "string") return value;
  if (Number.isInteger(value)) return value.toLocaleString("en-US");
  return Number(value.toPrecision(4)).toString();
}

/** The figure and entity changes of a turn as "name: before → after" lines. */
function ChangeList({ changes }: { changes: RerunChange[] }) {
  const listed = changes.filter((change) => change.kind !== "answer");
  if (listed.length === 0) return null;
  return (
    <ul className="space-y-1 text-sm" data-testid="rerun-turn-changes">
      {listed.map((change) => (
        <li
          key={`${change.kind}:${change.name}:${String(change.before)}`}
          className="flex min-w-0 flex-wrap gap-x-2 break-words"
          data-testid={`rerun-change-${change.kind}`}
        >
          <span className="font-medium text-slate-800">{change.name}:</span>
          <span className="rounded bg-red-50 px-1 text-red-900 line-through decoration-red-400">
            {formatValue(change.before)}
          </span>
          <span aria-hidden="true">→</span>
          <span className="sr-only">now</span>
          <span className="rounded bg-amber-100 px-1 font-medium text-amber-950">
            {formatValue(change.after)}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** One side of a turn: its answer, the figures it reports and the nodes it names, changed ones marked. */
function SidePanel({
  title,
  side,
  asking = false,
  changedNames,
  changedEntities,
  testId,
}: {
  title: string;
  side: RerunTurnSide | null;
  /** The turn is being asked now (it may wait for an approval in the re-run's conversation). */
  asking?: boolean;
  changedNames: Set<string>;
  changedEntities: Set<string>;
  testId: string;
}) {
  return (
    <section
      className="min-w-0 rounded-lg border border-slate-200 bg-white p-3"
      aria-label={title}
      data-testid={testId}
    >
      <h4 className="mb-2 text-sm font-semibold text-slate-700">{title}</h4>
      {side ? (
        <>
          <div className="max-h-96 overflow-y-auto break-words rounded bg-slate-50 p-2">
            {side.answer ? (
              <AnswerMarkdown
                text={side.answer}
                figureIndex={null}
                describedBy={noFigureLink}
                onFigureSelect={ignoreFigureSelect}
              />
            ) : (
              <p className="text-sm text-slate-500">(no answer)</p>
            )}
          </div>
          {side.figures.length > 0 ? (
            <ul className="mt-2 space-y-0.5 text-xs text-slate-700" aria-label="Figures">
              {side.figures.map((figure) => {
                const changed = changedNames.has(figure.name);
                return (
                  <li
                    key={figure.name}
                    className={`break-words ${changed ? "rounded bg-amber-100 px-1 font-medium text-amber-950" : ""}`}
                    data-changed={changed}
                    data-testid="rerun-figure"
                  >
                    {figure.name}: {formatValue(figure.value)}
                  </li>
                );
              })}
            </ul>
          ) : null}
          {side.entities.length > 0 ? (
            <p className="mt-2 break-words text-xs text-slate-700">
              Nodes named:{" "}
              {side.entities.map((entity, index) => (
                <span key={entity}>
                  {index > 0 ? ", " : ""}
                  <span
                    className={
                      changedEntities.has(entity)
                        ? "rounded bg-amber-100 px-1 font-medium text-amber-950"
                        : ""
                    }
                    data-changed={changedEntities.has(entity)}
                  >
                    {entity}
                  </span>
                </span>
              ))}
            </p>
          ) : null}
        </>
      ) : (
        <p className="text-sm text-slate-500">
          {asking
            ? "Being asked now… If it waits for an approval, decide it in the re-run conversation."
            : "Not asked yet…"}
        </p>
      )}
    </section>
  );
}

/** One question asked twice: what changed, then the two answers side by side (stacked on phones). */
export function RerunTurnDiff({ turn, index }: { turn: RerunTurn; index: number }) {
  const changedNames = new Set(turn.changes.filter((c) => c.kind === "figure").map((c) => c.name));
  const changedEntities = new Set(
    turn.changes.flatMap((change) =>
      change.kind === "entity"
        ? [change.before, change.after].filter((e): e is string => e !== null)
        : [],
    ),
  );
  const status = turn.after === null ? "waiting" : turn.changed ? "changed" : "unchanged";
  return (
    <li className="space-y-3" data-testid="rerun-turn" data-status={status}>
      <div className="flex min-w-0 flex-wrap items-baseline gap-x-3 gap-y-1">
        <h3 className="min-w-0 break-words font-semibold text-slate-900">
          {index + 1}. {turn.message}
        </h3>
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-medium ${
            status === "changed"
              ? "bg-amber-100 text-amber-950"
              : status === "unchanged"
                ? "bg-emerald-100 text-emerald-900"
                : "bg-slate-100 text-slate-700"
          }`}
          data-testid="rerun-turn-status"
        >
          {status === "changed" ? "Changed" : status === "unchanged" ? "No change" : "Waiting"}
        </span>
      </div>
      <ChangeList changes={turn.changes} />
      <div className="grid min-w-0 gap-3 md:grid-cols-2">
        <SidePanel
          title="Before"
          side={turn.before}
          changedNames={changedNames}
          changedEntities={changedEntities}
          testId="rerun-before"
        />
        <SidePanel
          title="After"
          side={turn.after}
          asking={turn.asking_run_id !== null}
          changedNames={changedNames}
          changedEntities={changedEntities}
          testId="rerun-after"
        />
      </div>
    </li>
  );
}
