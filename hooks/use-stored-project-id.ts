"use client";

import { useCallback, useSyncExternalStore } from "react";

const storageKey = "graph-workbench.current-project-id";
// `storage` events fire only in other tabs; this one tells this tab's subscribers.
const localChangeEvent = "graph-workbench:current-project-changed";

function readStoredId(): string | null {
  try {
    return window.localStorage.getItem(storageKey);
  } catch {
    // Storage can be disabled (privacy modes); the app then simply forgets the choice.
    return null;
  }
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener("storage", onChange);
  window.addEventListener(localChangeEvent, onChange);
  return () => {
    window.removeEventListener("storage", onChange);
    window.removeEventListener(localChangeEvent, onChange);
  };
}

/** The project id remembered in localStorage, shared by every tab; null on the server. */
export function useStoredProjectId(): [string | null, (projectId: string) => void] {
  const storedId = useSyncExternalStore(subscribe, readStoredId, () => null);
  const store = useCallback((projectId: string) => {
    try {
      window.localStorage.setItem(storageKey, projectId);
    } catch {
      // See readStoredId: not remembering is acceptable, failing is not.
    }
    window.dispatchEvent(new Event(localChangeEvent));
  }, []);
  return [storedId, store];
}
