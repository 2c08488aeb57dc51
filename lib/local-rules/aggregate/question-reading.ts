import type { GroupTarget } from "./group-target";
import type { MeasureSignals, RankDirection, SignalSpan } from "./measure-words";
import type { Mention } from "./mention";
import type { QueryCatalogue } from "./query-catalogue";

/** A question being read: its words and signals, and which mentions have found a role. */
export type QuestionReading = {
  question: string;
  catalogue: QueryCatalogue;
  mentions: Mention[];
  signals: MeasureSignals;
  /** "total" / "总" spans that ask for a sum. */
  sumWords: SignalSpan[];
  groupTarget: GroupTarget | null;
  direction: RankDirection | null;
  used: Set<Mention>;
};
