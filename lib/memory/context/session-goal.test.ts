import { describe, expect, it } from "vitest";
import { nextSessionGoal, taskOf } from "./session-goal";

describe("taskOf (MEM-1: the session goal is the task)", () => {
  it("is the request of the message, never a preference or a fact", () => {
    expect(taskOf({ text: "I prefer reports that lead with the conclusion." })).toBeNull();
    expect(taskOf({ text: "Actually, lead with the method" })).toBeNull();
    expect(taskOf({ text: "Remember that customers:34 is our key account" })).toBeNull();
    expect(
      taskOf({
        text: "I prefer reports that lead with the conclusion. Write a report of the top 5 nodes by degree",
      }),
    ).toBe("Write a report of the top 5 nodes by degree");
    expect(taskOf({ text: "我更喜欢报告先写结论。显示度最高的5个节点" })).toBe(
      "显示度最高的5个节点",
    );
  });

  it("keeps a question and the sentences of a task together", () => {
    expect(taskOf({ text: "Find communities. Then draw the largest one" })).toBe(
      "Find communities. Then draw the largest one",
    );
    expect(taskOf({ text: "What do I prefer?" })).toBe("What do I prefer?");
  });

  it("finds no task in thanks or a retry", () => {
    for (const text of ["Thanks!", "ok, thanks", "try again", "谢谢", "继续"]) {
      expect(taskOf({ text }), text).toBeNull();
    }
  });
});

describe("nextSessionGoal", () => {
  it("replaces the goal with a new task", () => {
    expect(
      nextSessionGoal({ message: "find communities", previousGoal: "show the top 10 by pagerank" }),
    ).toEqual({ goal: "find communities", newTask: true });
  });

  it("keeps the task when the message only states a preference", () => {
    expect(
      nextSessionGoal({
        message: "I prefer reports that lead with the conclusion.",
        previousGoal: "show the top 10 by pagerank",
      }),
    ).toEqual({ goal: "show the top 10 by pagerank", newTask: false });
  });

  it("drops a preference an older version saved as the goal", () => {
    expect(
      nextSessionGoal({
        message: "Actually, lead with the method",
        previousGoal: "I prefer reports that lead with the conclusion.",
      }),
    ).toEqual({ goal: null, newTask: false });
  });
});
