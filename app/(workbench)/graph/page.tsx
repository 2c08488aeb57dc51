import type { Metadata } from "next";
import { NotYetAvailable } from "@/components/ui/not-yet-available";

export const metadata: Metadata = { title: "Graph" };

export default function GraphPage() {
  return (
    <NotYetAvailable
      title="Graph"
      summary="Explore the graphs built from your datasets."
      plannedFeatures={[
        "Render subgraphs interactively, fast enough for thousands of nodes.",
        "Colour nodes by community and size them by centrality.",
        "Switch between the construction revisions of a dataset.",
      ]}
    />
  );
}
