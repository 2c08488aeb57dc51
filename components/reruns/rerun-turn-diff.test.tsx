import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { RerunTurn, RerunTurnSide } from "@/lib/contracts/rerun";
import { RerunTurnDiff } from "./rerun-turn-diff";

function side(answer: string): RerunTurnSide {
  return { answer, figures: [], entities: [], run_id: null, run_status: "completed" };
}

describe("a re-run turn's two answers", () => {
  it("are shown formatted as in the chat: headings bold and rankings as tables, not raw markdown", () => {
    const answer = [
      "n33 has the highest PageRank (0.1009).",
      "",
      "**Top 2 by PageRank**",
      "",
      "| Rank | Node | PageRank |",
      "| --- | --- | --- |",
      "| 1 | n33 | 0.1009 |",
      "| 2 | n0 | 0.09700 |",
    ].join("\n");
    const turn: RerunTurn = {
      message: "Which nodes have the highest PageRank?",
      before: side(answer),
      after: side(answer.replace("n0 | 0.09700", "n32 | 0.09549")),
      asking_run_id: null,
      changed: true,
      changes: [],
    };
    const html = renderToStaticMarkup(<RerunTurnDiff turn={turn} index={0} />);
    expect(html).not.toContain("**Top 2");
    expect(html).not.toContain("| Rank |");
    expect(html.match(/<table/g)).toHaveLength(2);
    expect(html).toMatch(/<strong[^>]*>Top 2 by PageRank<\/strong>/);
    expect(html).toMatch(/<td[^>]*>n32<\/td>/);
  });
});
