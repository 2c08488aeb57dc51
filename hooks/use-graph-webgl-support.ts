"use client";

import { useSyncExternalStore } from "react";

export type WebGlSupport = "supported" | "unsupported";

let detected: WebGlSupport | undefined;

function detect(): WebGlSupport {
  if (detected) return detected;
  try {
    const canvas = document.createElement("canvas");
    const context = canvas.getContext("webgl2") ?? canvas.getContext("webgl");
    detected = context ? "supported" : "unsupported";
    // Free the probe's context now; browsers cap how many live WebGL contexts a page may hold.
    context?.getExtension("WEBGL_lose_context")?.loseContext();
  } catch {
    detected = "unsupported";
  }
  return detected;
}

function subscribe(): () => void {
  return () => {};
}

/** Whether this browser can give the page a WebGL context; null until known (server render). */
export function useGraphWebGlSupport(): WebGlSupport | null {
  return useSyncExternalStore(subscribe, detect, () => null);
}
