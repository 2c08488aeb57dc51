import type { BankConversation, BankQuestion } from "./question-bank-schema";

/**
 * What the runner asks and the judge and the report read: a bank question, or a conversation's
 * turn shaped like one, so every consumer of results handles both the same way. A turn carries
 * its conversation's id and its number (from 1) so the report can show the turns before it.
 */
export type AskedQuestion = BankQuestion & { conversationId?: string; turnNumber?: number };

/**
 * A conversation's turns as questions, in order: id `<conversation id>#<turn number>`, with the
 * conversation's dataset and language.
 */
export function conversationTurnQuestions(input: {
  conversation: BankConversation;
}): AskedQuestion[] {
  const { conversation } = input;
  return conversation.turns.map((turn, index) => ({
    id: `${conversation.id}#${index + 1}`,
    dataset: conversation.dataset,
    lang: conversation.lang,
    family: turn.family,
    question: turn.question,
    expect: turn.expect,
    reference: turn.reference,
    conversationId: conversation.id,
    turnNumber: index + 1,
  }));
}
