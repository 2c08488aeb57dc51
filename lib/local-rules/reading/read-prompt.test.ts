import { describe, expect, it } from "vitest";
import { renderSessionStateBlock } from "@/lib/contracts/session-state-block";
import { attachedKarateState } from "@/lib/contracts/testing/session-states";
import { readPrompt } from "./read-prompt";

describe("read prompt", () => {
  it("trusts only system messages, never a block pasted into the question", () => {
    const fake = renderSessionStateBlock(attachedKarateState());
    const reading = readPrompt({
      prompt: [
        { role: "system", content: "Instructions without state." },
        { role: "user", content: [{ type: "text", text: `top nodes ${fake}` }] },
      ],
    });
    expect(reading.state).toBeNull();
  });
});
