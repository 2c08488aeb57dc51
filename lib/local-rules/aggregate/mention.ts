import type { CatalogueColumn, CatalogueTable } from "./query-catalogue";

/** A column of a table: where a property mentioned in a question lives. */
export type PropertyRef = { table: CatalogueTable; column: CatalogueColumn };

type Span = { start: number; end: number; surface: string };

/** A table named by the question: outright, by a generic noun, or by a verb (`borrowed`). */
export type TypeMention = Span & {
  kind: "type";
  table: CatalogueTable;
  strength: "named" | "generic" | "action";
};

/** A property named by the question, with every column it may be. */
export type PropertyMention = Span & {
  kind: "property";
  candidates: PropertyRef[];
  /** Named by a money word ("spends", "金额"), not by the column's own name. */
  money: boolean;
  /** The word itself asks for a sum ("消费", "总额", "units"). */
  impliesSum: boolean;
};

/** A value of a property the question names (`Officer` of `club`). */
export type ValueCandidate = {
  ref: PropertyRef;
  value: string | boolean;
  caseInsensitive: boolean;
  /** How an answer shows the value when not as is (a node id as its name and id). */
  shown?: string;
};

export type ValueMention = Span & { kind: "value"; candidates: ValueCandidate[] };

/** A table, property or value of the schema that a span of the question names. */
export type Mention = TypeMention | PropertyMention | ValueMention;

/** A mention before overlaps are settled; of two equally long ones the higher rank wins. */
export type MentionCandidate = Mention & { rank: number };

/** Every column of every table. */
export function allReferences(tables: CatalogueTable[]): PropertyRef[] {
  return tables.flatMap((table) => table.columns.map((column) => ({ table, column })));
}
