import { hopMeasureWords, weightMeasureWords } from "../families/walk-words";
import { asksForWeights } from "./weights-request";

/**
 * Whether a path question asks for the weighted distance: "weighted" or "by weight" always; on
 * a weighted graph also a length, a time or a cost ("the quickest travel time", "多少分钟",
 * "how many km"), unless it counts steps ("how many stops", "几站", "number of hops").
 */
export function pathWeighted(input: { question: string; graphWeighted: boolean }): boolean {
  const { question, graphWeighted } = input;
  if (asksForWeights({ question })) return true;
  if (!graphWeighted || hopMeasureWords.test(question)) return false;
  return asksForWeights({ question, graphWeighted }) || weightMeasureWords.test(question);
}

/** "How many stops", "几站": the question counts the path's edges, whatever the graph weighs. */
export function countsHops(question: string): boolean {
  return hopMeasureWords.test(question) && !asksForWeights({ question });
}
