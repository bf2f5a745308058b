/** The billing page's invoice history: date, amount, status, and a link to each invoice at Stripe. */
import { ExternalLink } from 'lucide-react'
import type { Billing } from '@myodocs/shared/contracts/billing'
import { Badge } from '../../../components/ui/badge'
import { formatDate } from '../../../lib/format-date'
import { formatCents } from '../plan-status'

export function Invoices({ invoices }: { invoices: Billing['invoices'] }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm" data-testid="invoices">
        <thead className="text-slate-600">
          <tr>
            <th scope="col" className="py-2 pr-4 font-medium">
              Date
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              Amount
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              Status
            </th>
            <th scope="col" className="py-2 font-medium">
              <span className="sr-only">Invoice</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {invoices.map((i) => (
            <tr key={i.id}>
              <td className="py-2 pr-4 whitespace-nowrap">{formatDate(i.date)}</td>
              <td className="py-2 pr-4 font-medium tabular-nums">{formatCents(i.amountCents)}</td>
              <td className="py-2 pr-4">
                <Badge
                  tone={
                    i.status === 'paid' ? 'success' : i.status === 'open' ? 'warning' : 'neutral'
                  }
                >
                  {i.status.charAt(0).toUpperCase() + i.status.slice(1)}
                </Badge>
              </td>
              <td className="py-2 text-right">
                {i.url && (
                  <a
                    href={i.url}
                    target="_blank"
                    rel="noreferrer"
                    className="inline-flex items-center gap-1 font-semibold text-brand-700 hover:underline"
                  >
                    View invoice
                    <span className="sr-only"> of {formatDate(i.date)} (opens Stripe)</span>
                    <ExternalLink className="size-3.5" aria-hidden />
                  </a>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
