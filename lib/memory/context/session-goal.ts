import { isMemoryStatement } from "../extraction/extract-with-rules";
import { splitSentences } from "../extraction/split-sentences";

const maxGoalLength = 300;

// Sentences that carry no task of their own: thanks, greetings, "try again". The task they
// refer to is the one already in the session context.
const noTaskPattern =
  /^(?:(?:hi|hello|hey|thanks?|thank you|ok(?:ay)?|great|cool|nice|perfect|got it|good|yes|no|please)[\s,!.]*)+$|^(?:(?:please\s+)?(?:try again|retry|again|continue|go on|carry on))[\s,!.]*$|^(?:谢谢|多谢|好的|好|你好|嗯|继续|再试一次|重试)[\s,，!！。]*$/i;

/**
 * The task a message asks for (MEM-1: the session context keeps the current task): its sentences
 * minus the explicit memory statements — a preference ("I prefer reports that lead with the
 * conclusion") or a fact ("Remember that …") is a memory, never a goal — and minus sentences
 * with no task of their own (thanks, "try again"). Null when nothing of a task is left.
 */
export function taskOf(input: { text: string }): string | null {
  const sentences = splitSentences({ text: input.text }).filter(
    (sentence) => !isMemoryStatement(sentence) && !noTaskPattern.test(sentence),
  );
  if (sentences.length === 0) return null;
  const joined = sentences
    .map((sentence, index) =>
      index < sentences.length - 1 && !/[?？.!。！]$/.test(sentence) ? `${sentence}.` : sentence,
    )
    .join(" ")
    .replace(/\s+/g, " ")
    .trim();
  return joined.slice(0, maxGoalLength) || null;
}

/**
 * The session's goal after a message, re-decided every turn: the message's task replaces the
 * goal; a message with no task (only a preference, a fact, thanks) keeps the previous task —
 * which is read through the same filter, so a statement saved as a goal by an older version
 * does not linger. `newTask` says whether this message set the goal (its run is then the goal's
 * progress).
 */
export function nextSessionGoal(input: { message: string; previousGoal: string | null }): {
  goal: string | null;
  newTask: boolean;
} {
  const task = taskOf({ text: input.message });
  if (task) return { goal: task, newTask: true };
  return {
    goal: input.previousGoal ? taskOf({ text: input.previousGoal }) : null,
    newTask: false,
  };
}
