import type { ReactNode } from 'react';
import { useLayoutEffect, useRef } from 'react';

/**
 * On a phone each row becomes a card: the first cell as its title, then one line per cell with its column's name
 * before it. A table scrolling
 * sideways hid the value, the status and the actions off screen. Explicit roles keep the table's semantics when its
 * display changes (as TransactionList does).
 */
const CARDS_ON_PHONE = [
  'max-sm:block max-sm:[&_tbody]:block',
  'max-sm:[&_tr]:block max-sm:[&_tr]:px-4 max-sm:[&_tr]:py-3',
  // The name on the left; what the cell holds flows to the right, wrapping under itself.
  'max-sm:[&_td]:flex max-sm:[&_td]:flex-wrap max-sm:[&_td]:items-baseline max-sm:[&_td]:justify-end max-sm:[&_td]:gap-x-3',
  'max-sm:[&_td]:gap-y-1 max-sm:[&_td]:before:mr-auto',
  'max-sm:[&_td]:max-w-none max-sm:[&_td]:px-0 max-sm:[&_td]:py-1 max-sm:[&_td]:text-right max-sm:[&_td]:whitespace-normal',
  'max-sm:[&_td]:before:shrink-0 max-sm:[&_td]:before:text-left max-sm:[&_td]:before:text-xs max-sm:[&_td]:before:font-semibold',
  'max-sm:[&_td]:before:uppercase max-sm:[&_td]:before:tracking-wide max-sm:[&_td]:before:text-slate-600',
  'max-sm:[&_td[data-label]]:before:content-[attr(data-label)] max-sm:[&_td>*]:min-w-0 max-sm:[&_td]:[overflow-wrap:anywhere]',
  // The first cell is the card's title: the whole width, no column name (it gets no data-label).
  'max-sm:[&_td:first-child]:block max-sm:[&_td:first-child]:pb-2 max-sm:[&_td:first-child]:text-left',
].join(' ');

/**
 * A list as a table: bordered, with its column headers; rows as cards on a phone. A column without a title (the
 * row's buttons) is named "Ações" for screen readers.
 */
export function Table({ columns, children, label }: { columns: string[]; children: ReactNode; label?: string }) {
  const body = useRef<HTMLTableSectionElement>(null);

  // Callers write plain rows: each cell learns its role and its column's name here, after every render.
  useLayoutEffect(() => {
    for (const row of body.current?.rows ?? []) {
      row.setAttribute('role', 'row');
      [...row.cells].forEach((cell, i) => {
        cell.setAttribute('role', cell.tagName === 'TH' ? 'rowheader' : 'cell');
        if (i > 0 && columns[i]) cell.setAttribute('data-label', columns[i]);
        else cell.removeAttribute('data-label');
      });
    }
  });

  return (
    <div className="relative rounded-xl border border-slate-200 bg-white sm:overflow-x-auto">
      <table
        role="table"
        className={`w-full text-sm sm:min-w-full sm:divide-y sm:divide-slate-200 ${CARDS_ON_PHONE}`}
        aria-label={label}
      >
        <thead
          role="rowgroup"
          className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-500 max-sm:sr-only"
        >
          <tr role="row">
            {columns.map((column) => (
              <th key={column} role="columnheader" scope="col" className="px-4 py-3">
                {column || <span className="sr-only">Ações</span>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody ref={body} role="rowgroup" className="divide-y divide-slate-100">
          {children}
        </tbody>
      </table>
    </div>
  );
}
