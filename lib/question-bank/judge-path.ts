import { findStatedFigure } from "@/lib/text/answer-figures";
import { toleranceNote } from "./judge-number";
import { mentionsAny } from "./name-mentions";
import type { PathExpect } from "./question-bank-schema";
import { findNameEvidence, findNumberEvidence } from "./tool-result-evidence";
import { type JudgedAnswer, right, type Verdict, wrong } from "./verdict";

/** A path: the lead names source and target and states the length; a tool result holds them. */
export function judgePath(input: { expect: PathExpect; judged: JudgedAnswer }): Verdict {
  const { expect, judged } = input;
  const namesOf = (value: string) => [value, ...(expect.aliases[value] ?? [])];
  const unnamed = [expect.source, expect.target].filter(
    (value) => !mentionsAny({ text: judged.lead, names: namesOf(value) }),
  );
  if (unnamed.length > 0) return wrong(`the lead does not name ${unnamed.join(" and ")}`);
  const stated = findStatedFigure({
    text: judged.lead,
    value: expect.length,
    tolerance: expect.tolerance,
  });
  if (!stated) {
    return wrong(
      `the lead does not state the length ${expect.length}${toleranceNote(expect.tolerance)}`,
    );
  }
  const evidence = findNumberEvidence({
    toolCalls: judged.toolCalls,
    value: expect.length,
    tolerance: expect.tolerance,
    // Unweighted, a path of length L is a list of L + 1 nodes.
    listLengths: expect.weighted ? [] : [expect.length + 1],
  });
  if (!evidence) {
    return wrong(`states ${stated.text}, but no successful tool result of the run holds it`);
  }
  const unheld = [expect.source, expect.target].filter(
    (value) => !findNameEvidence({ toolCalls: judged.toolCalls, names: namesOf(value) }),
  );
  if (unheld.length > 0) {
    return wrong(`${unheld.join(" and ")} appear(s) in no successful tool result`);
  }
  return right(`names ${expect.source} and ${expect.target}, states ${stated.text}; ${evidence}`);
}
