import type { Metadata } from "next";
import { NotYetAvailable } from "@/components/ui/not-yet-available";

export const metadata: Metadata = { title: "Chat" };

export default function ChatPage() {
  return (
    <NotYetAvailable
      title="Chat"
      summary="Ask the agent questions about your graphs and watch it work."
      plannedFeatures={[
        "Send a question and read the answer as it streams in.",
        "See a card for every tool the agent calls: arguments, status, duration, result summary and error code.",
        "Approve, reject or modify actions that change a graph before they run.",
        "Follow long jobs with progress bars, stop a run, and resume it after a page refresh.",
      ]}
    />
  );
}
