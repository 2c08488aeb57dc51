import type { RerunChange, RerunFigure } from "@/lib/contracts/rerun";
import { type Figure, figureStates, readFigures } from "@/lib/text/answer-figures";
import { isWordCharacter } from "@/lib/text/text-characters";
import {
  type EvidenceEntity,
  type EvidenceFigure,
  type EvidenceList,
  entityName,
  type TurnEvidence,
} from "./turn-evidence";

/** What one side of a turn reports: its figures (named) and the nodes it names. */
export type ReportedSide = { answer: string; figures: RerunFigure[]; entities: string[] };

/** A turn's comparison: both sides as reported, and each difference. */
export type TurnComparison = {
  before: ReportedSide;
  after: ReportedSide | null;
  changed: boolean;
  changes: RerunChange[];
};

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Whether the answer names the node: its id or its label, not as part of a longer word. */
function mentions(answer: string, entity: EvidenceEntity): boolean {
  return [entity.id, entity.label].some((name) => {
    if (name.length === 0) return false;
    const pattern = new RegExp(escapeRegExp(name), "g");
    for (const match of answer.matchAll(pattern)) {
      const before = answer[match.index - 1];
      const after = answer[match.index + name.length];
      const gluedBefore = isWordCharacter(before) || (before === "." && /\d/.test(name[0] ?? ""));
      const gluedAfter =
        isWordCharacter(after) ||
        (after === "." && /\d/.test(answer[match.index + name.length + 1] ?? ""));
      if (!gluedBefore && !gluedAfter) return true;
    }
    return false;
  });
}

/** The printed figure of the answer that states `value`, if any (at its own precision). */
function printedFigure(printed: readonly Figure[], value: number): Figure | undefined {
  return printed.find((figure) =>
    figureStates({ figure, value, tolerance: Number.POSITIVE_INFINITY }),
  );
}

/**
 * The figures and nodes of one side's evidence that its answer actually reports. A node's number
 * counts only where the answer names that node too (a bare "3" proves nothing), and a printed
 * number a node's figure accounts for is not also taken as a graph-wide one.
 */
function reported(evidence: TurnEvidence) {
  const printed = readFigures(withoutCitedRevision(evidence.answer));
  const figures = new Map<string, { figure: EvidenceFigure; printed: Figure }>();
  const claimed = new Set<number>();
  for (const figure of evidence.figures) {
    if (!figure.entity || !mentions(evidence.answer, figure.entity)) continue;
    const match = printedFigure(printed, figure.value);
    if (!match) continue;
    figures.set(figure.key, { figure, printed: match });
    claimed.add(match.index);
  }
  const unclaimed = printed.filter((figure) => !claimed.has(figure.index));
  for (const figure of evidence.figures) {
    if (figure.entity) continue;
    const match = printedFigure(unclaimed, figure.value);
    if (match) figures.set(figure.key, { figure, printed: match });
  }
  const lists = new Map<string, { list: EvidenceList; named: EvidenceEntity[] }>();
  for (const list of evidence.lists) {
    const named = list.items.filter((item) => mentions(evidence.answer, item));
    if (named.length > 0) lists.set(list.key, { list, named });
  }
  return { printed, figures, lists };
}

function side(evidence: TurnEvidence, view: ReturnType<typeof reported>): ReportedSide {
  const entities = new Set<string>();
  for (const { named } of view.lists.values())
    for (const item of named) entities.add(entityName(item));
  const figures = [...view.figures.values()].map(({ figure }) => ({
    name: figure.name,
    value: figure.value,
  }));
  // An answer with no structured results behind it (a model that wrote its own numbers): the
  // numbers as printed, in order.
  if (figures.length === 0 && evidence.figures.length === 0) {
    for (const [index, figure] of view.printed.entries()) {
      figures.push({ name: `figure ${index + 1} of the answer`, value: figure.value });
    }
  }
  return { answer: evidence.answer, figures, entities: [...entities] };
}

/** Whether two values differ at the precision the answer printed them (exactly, when unprinted). */
function differs(before: number, after: number, halfUnit: number | undefined): boolean {
  if (halfUnit === undefined || halfUnit <= 0) {
    return Math.abs(before - after) > 1e-9 * Math.max(1, Math.abs(before), Math.abs(after));
  }
  const step = 2 * halfUnit;
  return Math.round(before / step) !== Math.round(after / step);
}

function figureChanges(input: {
  before: TurnEvidence;
  after: TurnEvidence;
  beforeView: ReturnType<typeof reported>;
  afterView: ReturnType<typeof reported>;
}): RerunChange[] {
  const { before, after, beforeView, afterView } = input;
  const allBefore = new Map(before.figures.map((figure) => [figure.key, figure]));
  const allAfter = new Map(after.figures.map((figure) => [figure.key, figure]));
  const keys = [...new Set([...beforeView.figures.keys(), ...afterView.figures.keys()])];
  const changes: RerunChange[] = [];
  for (const key of keys) {
    const was = allBefore.get(key);
    const now = allAfter.get(key);
    const halfUnits = [beforeView.figures.get(key), afterView.figures.get(key)]
      .map((entry) => entry?.printed.halfUnit)
      .filter((unit): unit is number => unit !== undefined);
    const halfUnit = halfUnits.length > 0 ? Math.min(...halfUnits) : undefined;
    if (was && now && !differs(was.value, now.value, halfUnit)) continue;
    changes.push({
      kind: "figure",
      name: (was ?? now)?.name ?? key,
      before: was?.value ?? null,
      after: now?.value ?? null,
    });
  }
  // No structured figures on either side: compare the printed numbers in order.
  if (before.figures.length === 0 && after.figures.length === 0) {
    const count = Math.max(beforeView.printed.length, afterView.printed.length);
    for (let index = 0; index < count; index++) {
      const was = beforeView.printed[index];
      const now = afterView.printed[index];
      if (was && now && !differs(was.value, now.value, Math.min(was.halfUnit, now.halfUnit))) {
        continue;
      }
      changes.push({
        kind: "figure",
        name: `figure ${index + 1} of the answer`,
        before: was?.value ?? null,
        after: now?.value ?? null,
      });
    }
  }
  return changes;
}

function entityChanges(input: {
  before: TurnEvidence;
  after: TurnEvidence;
  beforeView: ReturnType<typeof reported>;
  afterView: ReturnType<typeof reported>;
}): RerunChange[] {
  const { before, after, beforeView, afterView } = input;
  const allBefore = new Map(before.lists.map((list) => [list.key, list]));
  const allAfter = new Map(after.lists.map((list) => [list.key, list]));
  const keys = [...new Set([...beforeView.lists.keys(), ...afterView.lists.keys()])];
  const changes: RerunChange[] = [];
  for (const key of keys) {
    const was = allBefore.get(key);
    const now = allAfter.get(key);
    const measure = (was ?? now)?.measure ?? key;
    const ranked = (was ?? now)?.ranked ?? false;
    if (ranked) {
      // The places the answers report (the longer of the two), node by node.
      const places = Math.max(
        beforeView.lists.get(key)?.named.length ?? 0,
        afterView.lists.get(key)?.named.length ?? 0,
      );
      for (let index = 0; index < places; index++) {
        const wasItem = was?.items[index];
        const nowItem = now?.items[index];
        if (wasItem?.id === nowItem?.id) continue;
        changes.push({
          kind: "entity",
          name: `#${index + 1} by ${measure}`,
          before: wasItem ? entityName(wasItem) : null,
          after: nowItem ? entityName(nowItem) : null,
        });
      }
      continue;
    }
    const wasNamed = beforeView.lists.get(key)?.named ?? [];
    const nowNamed = afterView.lists.get(key)?.named ?? [];
    const wasIds = new Set(wasNamed.map((item) => item.id));
    const nowIds = new Set(nowNamed.map((item) => item.id));
    for (const item of wasNamed) {
      if (!nowIds.has(item.id)) {
        changes.push({ kind: "entity", name: measure, before: entityName(item), after: null });
      }
    }
    for (const item of nowNamed) {
      if (!wasIds.has(item.id)) {
        changes.push({ kind: "entity", name: measure, before: null, after: entityName(item) });
      }
    }
  }
  return changes;
}

// The revision an answer cites is the one it was asked against: a re-run on another revision
// says so by design, which is not a different answer, nor a changed figure. Prose says
// "revision 2"; the list of what a budget-stopped run did quotes a tool result as "revision=2".
function withoutCitedRevision(text: string): string {
  return text.replace(/\brevision(?: |=|: ?)\d+\b/gi, "revision");
}

function normalised(text: string): string {
  return withoutCitedRevision(text).replace(/\s+/g, " ").trim();
}

/**
 * Compares one turn's two answers: the figures either answer reports (from the structured tool
 * results, read at the precision the answer printed them), the nodes either names (a ranking
 * place by place, other lists as sets), and the text. `after` is null while the turn waits.
 */
export function compareTurns(input: {
  before: TurnEvidence;
  after: TurnEvidence | null;
}): TurnComparison {
  const beforeView = reported(input.before);
  const before = side(input.before, beforeView);
  if (!input.after) return { before, after: null, changed: false, changes: [] };
  const afterView = reported(input.after);
  const views = { before: input.before, after: input.after, beforeView, afterView };
  const changes = [...figureChanges(views), ...entityChanges(views)];
  if (normalised(input.before.answer) !== normalised(input.after.answer)) {
    changes.push({
      kind: "answer",
      name: "answer",
      before: input.before.answer,
      after: input.after.answer,
    });
  }
  return {
    before,
    after: side(input.after, afterView),
    changed: changes.length > 0,
    changes,
  };
}
