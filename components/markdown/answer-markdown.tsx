"use client";

import { Fragment, type ReactNode } from "react";
import { shortEntityId, splitEntityIds } from "./entity-ids";
import { type FigureIndex, type FigureSpan, findFigures } from "./figure-links";
import {
  type InlineBlock,
  type InlineNode,
  type MarkdownBlock,
  parseMarkdown,
} from "./parse-markdown";

type FigureProps = {
  /** Null while the run's tool results are not known yet: figures are plain text then. */
  figureIndex: FigureIndex | null;
  /** The id of a card's title, which a figure link is described by. */
  describedBy: (toolCallId: string) => string;
  onFigureSelect: (toolCallId: string) => void;
};

function FigureLink({
  span,
  describedBy,
  onFigureSelect,
}: {
  span: FigureSpan;
  describedBy: FigureProps["describedBy"];
  onFigureSelect: FigureProps["onFigureSelect"];
}) {
  const { match } = span;
  return (
    <button
      type="button"
      onClick={() => onFigureSelect(match.toolCallId)}
      aria-describedby={describedBy(match.toolCallId)}
      title={`From ${match.toolName}: ${match.path} = ${match.value}`}
      data-testid="figure-link"
      data-tool-call-id={match.toolCallId}
      data-tool-name={match.toolName}
      data-value={String(match.value)}
      data-path={match.path}
      className="rounded px-0.5 font-medium text-blue-800 underline decoration-dotted underline-offset-2 hover:bg-blue-50"
    >
      {span.text}
    </button>
  );
}

/** Where a piece of text sits: its block, and for a table cell the column header. */
type FigureContext = { block: string; columnLabel?: string };

/** An id in prose: its short form, the full id on hover and for assistive technology. */
function EntityId({ id }: { id: string }) {
  return (
    <abbr
      title={id}
      aria-label={id}
      data-testid="entity-id"
      data-id={id}
      className="font-mono text-[0.9em] no-underline"
    >
      {shortEntityId(id)}
    </abbr>
  );
}

function renderText(text: string, context: FigureContext, props: FigureProps): ReactNode {
  const pieces = splitEntityIds(text);
  if (pieces.length === 1 && pieces[0]?.kind === "text") {
    return renderFigures(text, context, props);
  }
  return pieces.map((piece, position) =>
    piece.kind === "id" ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: pieces of one text never reorder
      <EntityId key={`id-${position}`} id={piece.id} />
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: pieces of one text never reorder
      <Fragment key={`text-${position}`}>{renderFigures(piece.text, context, props)}</Fragment>
    ),
  );
}

function renderFigures(text: string, context: FigureContext, props: FigureProps): ReactNode {
  if (!props.figureIndex) return text;
  const spans = findFigures({
    text,
    context: context.block,
    columnLabel: context.columnLabel,
    index: props.figureIndex,
  });
  if (spans.length === 0) return text;
  const pieces: ReactNode[] = [];
  let position = 0;
  for (const span of spans) {
    if (span.start > position) pieces.push(text.slice(position, span.start));
    pieces.push(
      <FigureLink
        key={`figure-${span.start}`}
        span={span}
        describedBy={props.describedBy}
        onFigureSelect={props.onFigureSelect}
      />,
    );
    position = span.end;
  }
  if (position < text.length) pieces.push(text.slice(position));
  return pieces;
}

// Keys below are positions: blocks, rows and inline nodes are derived from the answer text and
// only ever grow at the end while it streams, so a position always names the same element.

function renderInline(
  nodes: InlineNode[],
  context: FigureContext,
  props: FigureProps,
): ReactNode[] {
  return nodes.map((node, position) =>
    renderInlineNode(node, `inline-${position}`, context, props),
  );
}

function renderInlineNode(
  node: InlineNode,
  key: string,
  context: FigureContext,
  props: FigureProps,
): ReactNode {
  switch (node.kind) {
    case "text":
      return <Fragment key={key}>{renderText(node.text, context, props)}</Fragment>;
    case "code":
      return (
        <code key={key} className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.85em]">
          {splitEntityIds(node.text).map((piece, position) =>
            piece.kind === "id" ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: pieces of one text never reorder
              <EntityId key={position} id={piece.id} />
            ) : (
              piece.text
            ),
          )}
        </code>
      );
    case "strong":
      return (
        <strong key={key} className="font-semibold text-slate-900">
          {renderInline(node.children, context, props)}
        </strong>
      );
    case "em":
      return <em key={key}>{renderInline(node.children, context, props)}</em>;
    case "link":
      return (
        <a
          key={key}
          href={node.href}
          target="_blank"
          rel="noopener noreferrer nofollow"
          className="text-blue-700 underline"
        >
          {renderInline(node.children, context, props)}
        </a>
      );
  }
}

function Inline({
  block,
  context,
  props,
}: {
  block: InlineBlock;
  context?: FigureContext;
  props: FigureProps;
}) {
  return <>{renderInline(block.inline, context ?? { block: block.plain }, props)}</>;
}

const headingClass = "mt-4 mb-2 font-semibold text-slate-900";

function TableBlock({
  block,
  props,
}: {
  block: Extract<MarkdownBlock, { kind: "table" }>;
  props: FigureProps;
}) {
  const alignOf = (column: number) => block.align[column] ?? undefined;
  const headerCells = block.header.map((cell, column) => ({ cell, key: `head-${column}`, column }));
  const rows = block.rows.map((row, rowIndex) => ({
    key: `row-${rowIndex}`,
    // A cell's figures are read with its whole row and its column header.
    cells: row.map((cell, column) => ({
      cell,
      key: `cell-${column}`,
      column,
      context: {
        block: row.map((other) => other.plain).join(" | "),
        columnLabel: block.header[column]?.plain ?? "",
      },
    })),
  }));
  return (
    <div className="overflow-x-auto rounded-md border border-slate-200">
      <table className="min-w-full border-collapse text-left text-xs">
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            {headerCells.map(({ cell, key, column }) => (
              <th
                key={key}
                scope="col"
                className="border-b border-slate-200 px-2 py-1.5 font-semibold"
                style={{ textAlign: alignOf(column) }}
              >
                <Inline block={cell} props={props} />
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} className="odd:bg-white even:bg-slate-50">
              {row.cells.map(({ cell, key, column, context }) => (
                <td
                  key={key}
                  className="border-b border-slate-100 px-2 py-1 align-top"
                  style={{ textAlign: alignOf(column) }}
                >
                  <Inline block={cell} context={context} props={props} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function renderBlock(block: MarkdownBlock, key: string, props: FigureProps): ReactNode {
  switch (block.kind) {
    case "heading": {
      const level = Math.min(6, block.level + 2);
      const Tag = `h${level}` as "h3" | "h4" | "h5" | "h6";
      return (
        <Tag key={key} className={`${headingClass} ${level === 3 ? "text-base" : "text-sm"}`}>
          <Inline block={block.content} props={props} />
        </Tag>
      );
    }
    case "paragraph":
      return (
        <p key={key}>
          <Inline block={block.content} props={props} />
        </p>
      );
    case "list": {
      const items = block.items.map((item, position) =>
        renderListItem(item, `item-${position}`, props),
      );
      return block.ordered ? (
        <ol key={key} start={block.start} className="list-decimal space-y-1 pl-5">
          {items}
        </ol>
      ) : (
        <ul key={key} className="list-disc space-y-1 pl-5">
          {items}
        </ul>
      );
    }
    case "table":
      return <TableBlock key={key} block={block} props={props} />;
    case "code":
      return (
        <pre
          key={key}
          className="overflow-x-auto rounded-md bg-slate-900 p-3 font-mono text-xs text-slate-100"
        >
          {block.text}
        </pre>
      );
    case "quote":
      return (
        <blockquote key={key} className="border-l-4 border-slate-300 pl-3 text-slate-700">
          <Inline block={block.content} props={props} />
        </blockquote>
      );
    case "rule":
      return <hr key={key} className="border-slate-200" />;
  }
}

function renderListItem(item: InlineBlock, key: string, props: FigureProps): ReactNode {
  return (
    <li key={key}>
      <Inline block={item} props={props} />
    </li>
  );
}

/**
 * A model's answer rendered from a safe Markdown subset (see parse-markdown.ts): React
 * elements only, never HTML from the text. Figures that came from a tool result become buttons
 * that jump to that tool card.
 */
export function AnswerMarkdown({ text, ...props }: { text: string } & FigureProps) {
  const blocks = parseMarkdown(text);
  return (
    <div className="space-y-3 text-sm leading-6 text-slate-800">
      {blocks.map((block, position) => renderBlock(block, `block-${position}`, props))}
    </div>
  );
}
