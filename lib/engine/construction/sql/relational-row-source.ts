import type { CatalogColumn, CatalogTable } from "./relational-catalog";

/** One row as text, column by column in table order (null for NULL). */
export type RelationalRow = (string | null)[];

/**
 * Where the relational rules read rows from: a SQL dump loaded into its sandbox, or a SQLite
 * file. Rows come as text in table column order, sorted by `orderBy` (the stored values) and
 * then by `thenByText` (as text), so every source builds the same graph in the same order.
 */
export type RelationalRowSource = {
  readRows(input: {
    table: CatalogTable;
    orderBy: CatalogColumn[];
    thenByText?: CatalogColumn[];
  }): Promise<RelationalRow[]>;
};
