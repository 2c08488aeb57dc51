import type { Metadata } from "next";
import { NotYetAvailable } from "@/components/ui/not-yet-available";

export const metadata: Metadata = { title: "Results" };

export default function ResultsPage() {
  return (
    <NotYetAvailable
      title="Results"
      summary="Reports, trained models and files produced by your analyses."
      plannedFeatures={[
        "Read analysis reports.",
        "Inspect training and inference records: curves, final metrics and model files.",
        "Compare experiments of a project, only where dataset, task and split match.",
        "Download the files your sessions published.",
      ]}
    />
  );
}
