import type { Metadata } from "next";
import { NotYetAvailable } from "@/components/ui/not-yet-available";

export const metadata: Metadata = { title: "Results" };

export default function ResultsPage() {
  return (
    <NotYetAvailable
      title="Results"
      summary="Reports, trained models and files produced by your analyses."
      plannedFeatures={[
        "Inspect training and inference records: curves, final metrics and model files.",
        "Compare experiments of a project, only where dataset, task and split match.",
        "Find every report and published file of the project in one place.",
      ]}
    >
      <p data-testid="results-available-elsewhere">
        Already available, from the chat: each report opens from its tool card on its own page (with
        .md and .html downloads), and a conversation's <strong>Files</strong> panel lists its
        uploads and published versions for download.
      </p>
    </NotYetAvailable>
  );
}
