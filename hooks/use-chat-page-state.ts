"use client";

import { usePathname, useSearchParams } from "next/navigation";
import { useCallback } from "react";

/**
 * The selected conversation, kept in the address (`?session=`) so a reload or a shared link
 * opens the same one. Selecting pushes a history entry: Back returns to the previous session.
 */
export function useChatPageState(): [string | null, (sessionId: string | null) => void] {
  const searchParams = useSearchParams();
  const pathname = usePathname();
  const sessionId = searchParams.get("session") || null;

  const selectSession = useCallback(
    (next: string | null) => {
      const search = new URLSearchParams(searchParams.toString());
      if (next) search.set("session", next);
      else search.delete("session");
      const query = search.toString();
      // The native call, not router.push: Next keeps useSearchParams in sync with it, and it
      // neither refetches the page from the server nor scrolls.
      window.history.pushState(null, "", query ? `${pathname}?${query}` : pathname);
    },
    [searchParams, pathname],
  );

  return [sessionId, selectSession];
}
