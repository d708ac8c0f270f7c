// Cells of the list tables: a text that may not fit its column ends in an ellipsis and shows whole on hover.
import type { ReactNode } from 'react';
import { Button, Tooltip, Typography, type TableColumnType } from 'antd';
import './table-cells.css';

/** What an empty cell shows. */
export const EMPTY_CELL = <Typography.Text type="secondary">—</Typography.Text>;

/**
 * A text its column may cut with an ellipsis, whole in a tooltip on hover. The tooltip, not the cell's
 * `title`: the browser's own title shows late and not at all to keyboard users. `className` "cell-line"
 * makes it one line of a two-line cell, cut on its own.
 */
export function ClippedText({ text, className }: { text: string | null | undefined; className?: string }) {
  if (text === null || text === undefined || text === '') return EMPTY_CELL;
  return (
    <Tooltip title={text} placement="topLeft">
      <span className={className}>{text}</span>
    </Tooltip>
  );
}

/**
 * A column of such a text. The text cuts itself (not the column's `ellipsis`, which would cut the header too:
 * a header wraps instead).
 */
export function clipped<T>(text: (row: T) => string | null | undefined): Pick<TableColumnType<T>, 'render'> {
  return { render: (_, row) => <ClippedText text={text(row)} className="cell-line" /> };
}

/** A row action shown as an icon: its name in a tooltip and, for screen readers, as its label. */
export function IconAction({
  label,
  icon,
  onClick,
  danger,
}: {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  danger?: boolean;
}) {
  return (
    <Tooltip title={label}>
      <Button type="text" size="small" danger={danger} aria-label={label} icon={icon} onClick={onClick} />
    </Tooltip>
  );
}
