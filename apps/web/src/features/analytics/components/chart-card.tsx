/**
 * One chart of the Analytics page: a heading, the text summary (what a screen reader reads, and
 * what everyone sees first), the chart (hidden from assistive technology), and the same figures
 * as a table behind "Show as table".
 */
import { useId, useState } from 'react'
import type { ReactNode } from 'react'
import { Card } from '../../../components/ui/card'

export type TableData = { caption: string; columns: string[]; rows: Array<Array<string | number>> }

export function ChartCard({
  title,
  summary,
  table,
  empty,
  children,
}: {
  title: string
  summary: string
  table: TableData
  /** Nothing to draw: the summary says so and no chart is shown. */
  empty?: boolean
  children: ReactNode
}) {
  const [asTable, setAsTable] = useState(false)
  const headingId = useId()
  return (
    <Card className="p-4 sm:p-6" aria-labelledby={headingId} role="region">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id={headingId} className="text-base font-semibold text-slate-900">
          {title}
        </h2>
        {!empty && (
          <button
            type="button"
            className="inline-flex min-h-6 items-center text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
            aria-pressed={asTable}
            onClick={() => setAsTable((v) => !v)}
          >
            {asTable ? 'Show as chart' : 'Show as table'}
          </button>
        )}
      </div>
      <p className="mt-1 text-sm text-slate-600">{summary}</p>
      {empty ? null : asTable ? (
        <div className="mt-4 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{table.caption}</caption>
            <thead>
              <tr className="border-b border-slate-200 text-slate-500">
                {table.columns.map((c) => (
                  <th key={c} scope="col" className="py-2 pr-4 font-medium">
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row) => (
                <tr key={String(row[0])} className="border-b border-slate-100 last:border-0">
                  {row.map((cell, i) =>
                    i === 0 ? (
                      <th key={i} scope="row" className="py-2 pr-4 font-medium text-slate-900">
                        {cell}
                      </th>
                    ) : (
                      <td key={i} className="py-2 pr-4 tabular-nums text-slate-700">
                        {cell}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        // inert, not only aria-hidden: the chart's drawing takes focus, and a hidden focusable
        // element is announced as nothing.
        <div className="mt-4 h-64 w-full min-w-0" inert>
          {children}
        </div>
      )}
    </Card>
  )
}
