/**
 * /app/analytics (docs/product/analytics.md): PDFs per month against the plan's limit, per
 * document type and per team member, emails per week by status, and the trial's days left. The
 * primary user sees the practice; a member sees their own figures. Each chart has a text summary
 * and a table alternative.
 */
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts'
import { RotateCw } from 'lucide-react'
import { analyticsRange } from '@myodocs/shared/contracts/analytics'
import type { AnalyticsUsage } from '@myodocs/shared/contracts/analytics'
import { TRY_AGAIN } from '@myodocs/shared/constants/messages'
import { Alert } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { SegmentedControl } from '../../../components/ui/segmented-control'
import { Spinner } from '../../../components/ui/spinner'
import { usePageMeta } from '../../../lib/page-meta'
import { usageQuery } from '../api/get-usage'
import { ChartCard } from '../components/chart-card'
import {
  chartLimit,
  emailsSummary,
  kindLabel,
  monthLabel,
  pdfsByKindSummary,
  pdfsByMemberSummary,
  pdfsByMonthSummary,
  trialSummary,
  weekLabel,
} from '../summaries'

const RANGES = { '3': 'Last 3 months', '6': 'Last 6 months', '12': 'Last 12 months' } as const
type RangeKey = keyof typeof RANGES

/** The first day of the month `months - 1` months back, to today (UTC). */
function rangeOf(key: RangeKey, now: Date) {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (Number(key) - 1), 1))
  return analyticsRange({ from: start.toISOString().slice(0, 10) }, now)
}

const BRAND = '#0f766e'
const axis = { fontSize: 12, fill: '#475569' }

export default function AnalyticsPage() {
  usePageMeta({
    title: 'Analytics',
    description: 'PDFs generated and emails sent, against your plan.',
  })
  const [range, setRange] = useState<RangeKey>('6')
  const query = useQuery(usageQuery(rangeOf(range, new Date())))

  return (
    <div className="mx-auto max-w-6xl">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Analytics</h1>
          <p className="mt-1 text-sm text-slate-600">
            {query.data?.scope === 'self'
              ? 'Your own PDFs and emails, against your plan.'
              : 'Your practice’s PDFs and emails, against your plan.'}
          </p>
        </div>
        <SegmentedControl
          legend="Period"
          value={range}
          onChange={setRange}
          options={(Object.keys(RANGES) as RangeKey[]).map((k) => ({
            value: k,
            label: RANGES[k],
          }))}
        />
      </header>
      <div className="mt-6">
        {query.isPending ? (
          <Card>
            <Spinner label="Loading your usage…" />
          </Card>
        ) : query.isError ? (
          <Alert
            tone="danger"
            role="alert"
            title="Your usage could not be loaded."
            action={
              <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
                <RotateCw className="size-4" aria-hidden />
                {TRY_AGAIN}
              </Button>
            }
          >
            {query.error.message}
          </Alert>
        ) : (
          <Charts usage={query.data} />
        )}
      </div>
    </div>
  )
}

function Charts({ usage: u }: { usage: AnalyticsUsage }) {
  const limit = chartLimit(u)
  const trial = trialSummary(u)
  const months = u.pdfsByMonth.map((m) => ({ label: monthLabel(m.month), count: m.count }))
  const kinds = u.pdfsByKind.map((k) => ({ label: kindLabel(k.kind), count: k.count }))
  const weeks = u.emailsByWeek.map((w) => ({ ...w, label: weekLabel(w.weekStart) }))
  const noPdfs = u.totals.pdfs === 0
  return (
    <div className="space-y-6">
      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3">
        <Stat label="PDFs in this period" value={u.totals.pdfs} testId="total-pdfs" />
        <Stat label="Emails in this period" value={u.totals.emails} testId="total-emails" />
        {trial && <Stat label="Trial" value={trial} testId="trial" />}
      </dl>
      {noPdfs && u.totals.emails === 0 && (
        <Alert title="Nothing here yet.">
          Generate a document or send one by email and it shows on this page.
        </Alert>
      )}
      <ChartCard
        title="PDFs per month"
        summary={pdfsByMonthSummary(u)}
        table={{
          caption: 'PDFs generated per month',
          columns: limit === null ? ['Month', 'PDFs'] : ['Month', 'PDFs', 'Monthly limit'],
          rows: months.map((m) =>
            limit === null ? [m.label, m.count] : [m.label, m.count, limit],
          ),
        }}
      >
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={months} margin={{ top: 8, right: 8, left: -16, bottom: 0 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" tick={axis} interval="preserveStartEnd" />
            <YAxis
              allowDecimals={false}
              tick={axis}
              domain={[0, (max: number) => Math.max(max, limit ?? 0)]}
            />
            <Tooltip />
            <Bar dataKey="count" name="PDFs" fill={BRAND} radius={[4, 4, 0, 0]} />
            {limit !== null && (
              <ReferenceLine
                y={limit}
                stroke="#b45309"
                strokeDasharray="4 4"
                label={{ value: `Limit ${limit}`, position: 'insideTopRight', fontSize: 12 }}
              />
            )}
          </BarChart>
        </ResponsiveContainer>
      </ChartCard>
      <div className="grid gap-6 lg:grid-cols-2">
        <ChartCard
          title="PDFs by document type"
          summary={pdfsByKindSummary(u)}
          empty={kinds.length === 0}
          table={{
            caption: 'PDFs generated per document type',
            columns: ['Document type', 'PDFs'],
            rows: kinds.map((k) => [k.label, k.count]),
          }}
        >
          <HorizontalBars data={kinds} />
        </ChartCard>
        <ChartCard
          title={u.scope === 'self' ? 'Your PDFs' : 'PDFs by team member'}
          summary={pdfsByMemberSummary(u)}
          empty={u.pdfsByMember.length === 0}
          table={{
            caption: 'PDFs generated per team member',
            columns: ['Team member', 'PDFs'],
            rows: u.pdfsByMember.map((m) => [m.name, m.count]),
          }}
        >
          <HorizontalBars data={u.pdfsByMember.map((m) => ({ label: m.name, count: m.count }))} />
        </ChartCard>
      </div>
      <ChartCard
        title="Emails sent per week"
        summary={emailsSummary(u)}
        empty={weeks.length === 0}
        table={{
          caption: 'Emails per week (starting Monday) by status',
          columns: ['Week of', 'Sent', 'Failed', 'Unknown', 'Sending'],
          rows: weeks.map((w) => [w.label, w.sent, w.failed, w.unknown, w.sending]),
        }}
      >
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={weeks} margin={{ top: 8, right: 8, left: -16, bottom: 0 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" tick={axis} interval="preserveStartEnd" />
            <YAxis allowDecimals={false} tick={axis} />
            <Tooltip />
            <Legend wrapperStyle={{ fontSize: 12 }} />
            <Bar dataKey="sent" name="Sent" stackId="s" fill={BRAND} />
            <Bar dataKey="failed" name="Failed" stackId="s" fill="#dc2626" />
            <Bar dataKey="unknown" name="Unknown" stackId="s" fill="#d97706" />
            <Bar dataKey="sending" name="Sending" stackId="s" fill="#94a3b8" />
          </BarChart>
        </ResponsiveContainer>
      </ChartCard>
    </div>
  )
}

function HorizontalBars({ data }: { data: Array<{ label: string; count: number }> }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={data} layout="vertical" margin={{ top: 0, right: 16, left: 8, bottom: 0 }}>
        <CartesianGrid strokeDasharray="3 3" horizontal={false} />
        <XAxis type="number" allowDecimals={false} tick={axis} />
        <YAxis type="category" dataKey="label" width={120} tick={axis} />
        <Tooltip />
        <Bar dataKey="count" name="PDFs" fill={BRAND} radius={[0, 4, 4, 0]} />
      </BarChart>
    </ResponsiveContainer>
  )
}

function Stat({ label, value, testId }: { label: string; value: string | number; testId: string }) {
  return (
    <Card className="p-4">
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="mt-1 text-lg font-semibold text-slate-900" data-testid={testId}>
        {value}
      </dd>
    </Card>
  )
}
