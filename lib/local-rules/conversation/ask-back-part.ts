import { type AnswerPart, emptyPart } from "../writing/answer-document";
import { detectLanguage } from "../writing/answer-language";
import type { TurnResolution } from "./turn-resolution";

type Missing = Extract<TurnResolution, { kind: "ask-back" }>["missing"];

const sentences: Record<Missing, { en: string; zh: string }> = {
  node: {
    en: "Which node do you mean? No earlier answer in this conversation names one it could refer to — please name the node (for example its id).",
    zh: "您指的是哪个节点？本次对话之前的回答里没有可以指代的节点，请直接写出节点名称或编号。",
  },
  pair: {
    en: "Which two nodes do you mean? No earlier question or answer in this conversation names two — please name both.",
    zh: "您指的是哪两个节点？本次对话之前没有提到两个节点，请写出这两个节点。",
  },
  set: {
    en: "Which nodes do you mean by that? No earlier answer in this conversation defines a set to choose from — please say which nodes (for example a property value or a type).",
    zh: "您指的是哪些节点？本次对话之前的回答没有给出可以筛选的节点集合，请说明是哪些节点（例如某个属性值或类型）。",
  },
  question: {
    en: "What would you like to know about it? The previous question cannot be asked again that way — please ask the whole question.",
    zh: "您想了解它的什么？上一个问题无法这样改写，请把问题完整地再问一次。",
  },
};

/**
 * The answer to a follow-up whose reference points at nothing the conversation holds: a
 * question back, never a guess at another question's subject.
 */
export function askBackPart(input: { missing: Missing; question: string }): AnswerPart {
  const part = emptyPart({ succeeded: false });
  part.summary.push(sentences[input.missing][detectLanguage(input.question)]);
  return part;
}

/** "Do you mean X or Y?": two readings of the question are about as likely, so it asks. */
export function chooseReadingPart(input: { options: string[] }): AnswerPart {
  const part = emptyPart({ succeeded: false });
  const [first, second] = input.options;
  part.summary.push(
    detectLanguage(first ?? "") === "zh"
      ? `您是想问“${first}”，还是“${second}”？这个问题两种理解都说得通，请选一个再问。`
      : `Do you mean "${first}" or "${second}"? The question reads both ways; please ask the one you mean.`,
  );
  return part;
}
