import type { Metadata } from "next";
import { SkillsView } from "@/components/skills/skills-view";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Skills" };

export default function SkillsPage() {
  return (
    <>
      <PageHeader
        title="Skills"
        description="The playbooks the agent reads to plan its work. Proposed and uploaded skills wait for review; approving one changes the agent's instructions, never what it is allowed to do."
      />
      <SkillsView />
    </>
  );
}
