import type { Metadata } from "next";
import { RerunListView } from "@/components/reruns/rerun-list-view";

export const metadata: Metadata = { title: "Re-runs" };

export default function RerunsPage() {
  return <RerunListView />;
}
