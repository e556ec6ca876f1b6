// ResponsiveTable: a real table where there is room; below 640 px each row becomes a card
// of label/value lines (the labels come from the column headers), so nothing scrolls sideways.
import type { ReactNode } from 'react';

export interface TableColumn<Row> {
  id: string;
  header: string;
  cell: (row: Row) => ReactNode;
  align?: 'start' | 'end';
}

export interface ResponsiveTableProps<Row> {
  caption: string;
  /** Show the caption only to assistive technology (when a heading already says it). */
  hideCaption?: boolean;
  columns: readonly TableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** The row the page was opened for (a link to it): marked, and announced as current. */
  isCurrent?: (row: Row) => boolean;
}

export function ResponsiveTable<Row>({ caption, hideCaption = false, columns, rows, rowKey, isCurrent }: ResponsiveTableProps<Row>) {
  return (
    <table className="rtable">
      <caption className={hideCaption ? 'visually-hidden' : 'rtable__caption'}>{caption}</caption>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column.id} scope="col" className={column.align === 'end' ? 'rtable__cell--end' : undefined}>
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => {
          const current = isCurrent?.(row) ?? false;
          return (
            <tr key={rowKey(row)} className={current ? 'rtable__row rtable__row--current' : 'rtable__row'} aria-current={current ? 'true' : undefined}>
              {columns.map((column) => (
                <td key={column.id} data-label={column.header} className={column.align === 'end' ? 'rtable__cell--end' : undefined}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
