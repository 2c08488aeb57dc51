import { describe, expect, it } from "vitest";
import { placeTimelineBars } from "./timeline-layout";

const at = (ms: number) => new Date(Date.UTC(2026, 11, 7, 12) + ms).toISOString();

describe("placeTimelineBars", () => {
  it("places bars on one axis from the run's start to the last end", () => {
    const { spanMs, bars } = placeTimelineBars({
      run_id: "r1",
      started_at: at(0),
      finished_at: at(1000),
      entries: [
        {
          kind: "model_call",
          id: null,
          name: "m",
          started_at: at(0),
          finished_at: at(250),
          duration_ms: 250,
        },
        {
          kind: "tool_call",
          id: "c",
          name: "t",
          started_at: at(250),
          finished_at: at(750),
          duration_ms: 500,
        },
      ],
    });
    expect(spanMs).toBe(1000);
    expect(bars.map((bar) => [bar.offsetPercent, bar.widthPercent])).toEqual([
      [0, 25],
      [25, 50],
    ]);
  });

  it("runs a bar still going up to now", () => {
    const { bars } = placeTimelineBars(
      {
        run_id: "r1",
        started_at: at(0),
        finished_at: null,
        entries: [
          {
            kind: "job",
            id: "j",
            name: "train",
            started_at: at(500),
            finished_at: null,
            duration_ms: null,
          },
        ],
      },
      Date.parse(at(2000)),
    );
    expect(bars[0]).toMatchObject({ offsetPercent: 25, widthPercent: 75 });
  });
});
