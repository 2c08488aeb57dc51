import type { Metadata } from "next";
import { Suspense } from "react";
import { ConversationSkeleton } from "@/components/chat/chat-skeleton";
import { ChatView } from "@/components/chat/chat-view";

export const metadata: Metadata = { title: "Chat" };

export default function ChatPage() {
  // The selected conversation is read from the query string, which only exists at request time.
  return (
    <Suspense fallback={<ConversationSkeleton />}>
      <ChatView />
    </Suspense>
  );
}
