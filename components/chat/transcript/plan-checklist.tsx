import type { PlanStep, PlanStepStatus, RunPlan } from "@/lib/contracts/run-event";

const marks: Record<PlanStepStatus, { mark: string; label: string; className: string }> = {
  pending: { mark: "○", label: "Pending", className: "text-slate-400" },
  running: { mark: "◐", label: "Running", className: "text-blue-700" },
  done: { mark: "✓", label: "Done", className: "text-emerald-700" },
  failed: { mark: "✕", label: "Failed", className: "text-red-700" },
  skipped: { mark: "–", label: "Skipped", className: "text-slate-500" },
};

function StepItem({ step }: { step: PlanStep }) {
  const { mark, label, className } = marks[step.status];
  return (
    <li
      className="flex items-start gap-2"
      data-testid="plan-step"
      data-step-id={step.id}
      data-status={step.status}
    >
      <span aria-hidden="true" className={`w-4 shrink-0 text-center font-semibold ${className}`}>
        {mark}
      </span>
      <span className={step.status === "skipped" ? "text-slate-500 line-through" : ""}>
        {step.title}
        <span className="sr-only"> ({label})</span>
      </span>
      {step.tools && step.tools.length > 0 ? (
        <span className="ml-auto hidden shrink-0 font-mono text-[11px] text-slate-400 sm:inline">
          {step.tools.join(", ")}
        </span>
      ) : null}
    </li>
  );
}

/**
 * The run's plan as a checklist above its answer (planning `auto` / `always`): the goal, each
 * step with its status, and how many are done. Live from `plan_updated`, and after a refresh
 * from the run snapshot's saved plan.
 */
export function PlanChecklist({ plan }: { plan: RunPlan }) {
  const { done, total } = plan.progress;
  return (
    <section
      aria-label="Plan"
      className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm text-slate-800"
      data-testid="plan-checklist"
      data-done={done}
      data-total={total}
    >
      <header className="mb-2 flex items-baseline justify-between gap-2">
        <h3 className="font-medium">
          Plan{plan.goal ? <span className="font-normal text-slate-600">: {plan.goal}</span> : null}
        </h3>
        <span className="shrink-0 text-xs tabular-nums text-slate-600" data-testid="plan-progress">
          {done} of {total} done
        </span>
      </header>
      <ol className="space-y-1">
        {plan.steps.map((step) => (
          <StepItem key={step.id} step={step} />
        ))}
      </ol>
    </section>
  );
}
