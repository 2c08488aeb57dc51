import { describe, expect, it } from "vitest";
import { describeSessionProgress } from "./describe-session-progress";

describe("describeSessionProgress", () => {
  it("says the goal and the last run's confirmed and failed steps in words", () => {
    expect(
      describeSessionProgress({
        goal: "Find the key accounts",
        progress: {
          run_id: "r",
          run_status: "completed",
          confirmed_steps: ["load_constructed_graph", "node_centrality"],
          failed_steps: ["shortest_path"],
        },
      }),
    ).toBe(
      "Goal: Find the key accounts; last run completed; confirmed: load_constructed_graph, node_centrality; failed: shortest_path",
    );
  });

  it("says whether the last run's tools answered the goal, and why not", () => {
    expect(
      describeSessionProgress({
        goal: "shortest path from a to b",
        progress: {
          run_status: "completed",
          confirmed_steps: ["search_node"],
          answered: false,
          unanswered_because: "search_node found nothing",
        },
      }),
    ).toBe(
      "Goal: shortest path from a to b; last run completed; confirmed: search_node; not answered from its tools (search_node found nothing)",
    );
  });

  it("copes with a context that has no progress yet", () => {
    expect(describeSessionProgress({ goal: "Explore", progress: null })).toBe("Goal: Explore");
  });
});
