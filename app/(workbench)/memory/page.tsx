import type { Metadata } from "next";
import { NotYetAvailable } from "@/components/ui/not-yet-available";

export const metadata: Metadata = { title: "Memory" };

export default function MemoryPage() {
  return (
    <NotYetAvailable
      title="Memory"
      summary="What the agent remembers about you and your work."
      plannedFeatures={[
        "List and search the memories the agent has saved.",
        "Delete a memory you no longer want it to use.",
      ]}
    />
  );
}
