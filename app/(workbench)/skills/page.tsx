import type { Metadata } from "next";
import { NotYetAvailable } from "@/components/ui/not-yet-available";

export const metadata: Metadata = { title: "Skills" };

export default function SkillsPage() {
  return (
    <NotYetAvailable
      title="Skills"
      summary="The playbooks the agent reads to plan its work."
      plannedFeatures={[
        "List built-in and your own skills and read their full content.",
        "Upload a skill as a .md file or a .zip bundle.",
        "Review proposed skills: approve or reject candidates before the agent may use them.",
        "Delete your own and candidate skills (built-in skills stay).",
      ]}
    />
  );
}
