import type { MemoryStore } from "@/lib/contracts/memory";

/** The manager's tabs: one per store (MEM-1), in the order a person thinks of them. */
export const memoryStoreTabs: { store: MemoryStore; label: string; hint: string }[] = [
  { store: "profile", label: "Profile", hint: "Stable preferences for how work is presented." },
  { store: "memories", label: "Memories", hint: "Long-lived facts you stated." },
  {
    store: "session_context",
    label: "Session context",
    hint: "Goal and progress of each session's task.",
  },
  {
    store: "knowledge",
    label: "Knowledge",
    hint: "Distilled, reusable experience you accepted; proposals wait for your decision below.",
  },
  { store: "decisions", label: "Decisions", hint: "Important choices, with their reason and run." },
];
