"use client";

import { Component, type ReactNode } from "react";

type State = { error: Error | null };

/**
 * Catches a renderer that throws (a WebGL context lost or refused after the capability check),
 * so the rest of the page — info, legend, node list — stays usable.
 */
export class GraphRenderBoundary extends Component<
  { children: ReactNode; resetKey: string },
  State
> {
  state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  componentDidUpdate(previous: { resetKey: string }) {
    // A different drawing deserves a fresh attempt.
    if (previous.resetKey !== this.props.resetKey && this.state.error)
      this.setState({ error: null });
  }

  render() {
    if (this.state.error) {
      return (
        <div
          role="alert"
          data-testid="graph-render-error"
          className="flex h-full items-center justify-center p-6 text-center text-sm text-red-900"
        >
          <p>
            The drawing could not be rendered in this browser: {this.state.error.message} The graph
            information, legend and node list beside it are still accurate.
          </p>
        </div>
      );
    }
    return this.props.children;
  }
}
