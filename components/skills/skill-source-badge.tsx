import type { SkillListItem } from "@/lib/contracts/skill";

/** What a person reads for a skill's source and status (UI-4). */
export function skillBadgeLabel(skill: Pick<SkillListItem, "source" | "status">): string {
  if (skill.source === "builtin") return "built-in";
  if (skill.source === "user") return "mine";
  return skill.status === "rejected" ? "rejected" : "waiting for review";
}

const tones: Record<string, string> = {
  "built-in": "bg-slate-100 text-slate-700 border-slate-300",
  mine: "bg-emerald-50 text-emerald-800 border-emerald-300",
  "waiting for review": "bg-amber-50 text-amber-900 border-amber-300",
  rejected: "bg-red-50 text-red-800 border-red-300",
};

/** A skill's source badge: built-in / mine / waiting for review / rejected. */
export function SkillSourceBadge({ skill }: { skill: Pick<SkillListItem, "source" | "status"> }) {
  const label = skillBadgeLabel(skill);
  return (
    <span
      data-testid="skill-badge"
      className={`inline-block rounded-full border px-2 py-0.5 text-xs font-medium ${tones[label]}`}
    >
      {label}
    </span>
  );
}
