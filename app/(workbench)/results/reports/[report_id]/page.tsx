import type { Metadata } from "next";
import { ReportView } from "@/components/reports/report-view";
import "./report-print.css";

export const metadata: Metadata = { title: "Report" };

export default async function ReportPage({ params }: { params: Promise<{ report_id: string }> }) {
  const { report_id: reportId } = await params;
  return <ReportView reportId={reportId} />;
}
