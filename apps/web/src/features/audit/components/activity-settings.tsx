/**
 * Settings › Activity (docs/product/privacy.md#activity-log): the activity log with filters by
 * event, member (account holder only) and dates, Load more, and a CSV export of what the filters
 * select. A member sees only their own events.
 */
import { useMemo, useState } from 'react'
import type { ChangeEvent } from 'react'
import type { z } from 'zod'
import { useQuery } from '@tanstack/react-query'
import { toast } from '../../../components/ui/toast'
import { Download, RotateCw } from 'lucide-react'
import { AUDIT_EVENT_NAMES, AuditFiltersSchema } from '@myodocs/shared/contracts/audit'
import type { AuditEntry, AuditFilters } from '@myodocs/shared/contracts/audit'
import {
  ACTIVITY_COLUMNS,
  ACTIVITY_DATE_INCOMPLETE,
  ACTIVITY_DESCRIPTION,
  ACTIVITY_FILTER_LABELS,
  ACTIVITY_FILTERS_INVALID,
  ACTIVITY_LOAD_FAILED,
  ACTIVITY_OWN_DESCRIPTION,
  ACTIVITY_TITLE,
  ALL_EVENTS,
  ALL_MEMBERS,
  AUDIT_EVENT_LABELS,
  EXPORT_CSV,
  FORMER_MEMBER,
  LOAD_MORE,
  LOADING_ACTIVITY,
  NO_ACTIVITY,
  OUTCOME_LABELS,
  SYSTEM_ACTOR,
} from '@myodocs/shared/constants/audit-messages'
import { ERROR_TRY_AGAIN, TRY_AGAIN } from '@myodocs/shared/constants/messages'
import { Alert } from '../../../components/ui/alert'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { SelectField, TextField } from '../../../components/ui/field'
import { SectionCard } from '../../../components/ui/settings-section'
import { Spinner } from '../../../components/ui/spinner'
import { ApiError } from '../../../lib/api-client'
import { useAuth } from '../../sessions'
import { teamQuery, useTeam } from '../../team'
import { detailText } from '../detail-text'
import { useExportAudit } from '../api/export-audit'
import { useAudit } from '../api/get-audit'

const errorText = (err: unknown) =>
  err instanceof ApiError && err.status > 0 && err.message ? err.message : ERROR_TRY_AGAIN

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })

const who = (e: AuditEntry) => e.actorName ?? (e.actorId ? FORMER_MEMBER : SYSTEM_ACTOR)

const OUTCOME_TONE = { success: 'success', failure: 'danger', denied: 'warning' } as const

type DateKey = 'from' | 'to'

/** The first refusal of each filter, under its own field. */
function refusals(error: z.ZodError | undefined, incomplete: Record<DateKey, boolean>) {
  const byField: Partial<Record<keyof AuditFilters, string>> = {}
  for (const issue of error?.issues ?? []) {
    const key = issue.path[0] as keyof AuditFilters
    byField[key] ??= issue.message
  }
  // A half-typed date reads as empty to the page: without this it would silently drop the filter.
  for (const key of ['from', 'to'] as const) {
    if (incomplete[key]) byField[key] = ACTIVITY_DATE_INCOMPLETE
  }
  return byField
}

export function ActivitySettings() {
  const { user } = useAuth()
  const isPrimary = Boolean(user?.isPrimaryUser)
  const [filters, setFilters] = useState<AuditFilters>({})
  const [incomplete, setIncomplete] = useState({ from: false, to: false })
  const valid = AuditFiltersSchema.safeParse(filters)
  const errors = refusals(valid.error, incomplete)
  const ready = valid.success && Object.keys(errors).length === 0
  // A refused filter is never sent, and never falls back to the unfiltered list.
  const query = useAudit(valid.data ?? {}, { enabled: ready })
  const exporter = useExportAudit()
  const set = (key: keyof AuditFilters) => (value: string) =>
    setFilters((f) => ({ ...f, [key]: value || undefined }))
  const setDate = (key: DateKey) => (e: ChangeEvent<HTMLInputElement>) => {
    const partial = e.target.validity.badInput
    setIncomplete((i) => ({ ...i, [key]: partial }))
    set(key)(e.target.value)
  }
  const entries = query.data?.pages.flatMap((p) => p.entries) ?? []

  const onExport = async () => {
    if (!valid.success || !ready) return
    try {
      await exporter.mutateAsync(valid.data)
    } catch (err) {
      toast.error(errorText(err))
    }
  }

  return (
    <SectionCard
      title={ACTIVITY_TITLE}
      description={isPrimary ? ACTIVITY_DESCRIPTION : ACTIVITY_OWN_DESCRIPTION}
      badge={
        <Button
          variant="outline"
          size="sm"
          onClick={() => void onExport()}
          pending={exporter.isPending}
          disabled={!ready}
        >
          <Download className="size-4" aria-hidden />
          {EXPORT_CSV}
        </Button>
      }
    >
      <form
        role="search"
        aria-label="Filter activity"
        className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4"
        onSubmit={(e) => e.preventDefault()}
      >
        <SelectField
          label={ACTIVITY_FILTER_LABELS.event}
          value={filters.event ?? ''}
          onChange={(e) => set('event')(e.target.value)}
          error={errors.event}
        >
          <option value="">{ALL_EVENTS}</option>
          {AUDIT_EVENT_NAMES.map((name) => (
            <option key={name} value={name}>
              {AUDIT_EVENT_LABELS[name]}
            </option>
          ))}
        </SelectField>
        {isPrimary && (
          <MemberFilter
            value={filters.memberId}
            onChange={set('memberId')}
            error={errors.memberId}
          />
        )}
        <TextField
          label={ACTIVITY_FILTER_LABELS.from}
          type="date"
          value={filters.from ?? ''}
          onChange={setDate('from')}
          error={errors.from}
        />
        <TextField
          label={ACTIVITY_FILTER_LABELS.to}
          type="date"
          value={filters.to ?? ''}
          onChange={setDate('to')}
          error={errors.to}
        />
      </form>

      <div className="mt-5">
        {!ready ? (
          <p className="py-6 text-center text-sm text-slate-600">{ACTIVITY_FILTERS_INVALID}</p>
        ) : query.isPending ? (
          <Spinner label={LOADING_ACTIVITY} />
        ) : query.isError ? (
          <Alert
            tone="danger"
            role="alert"
            title={ACTIVITY_LOAD_FAILED}
            action={
              <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
                <RotateCw className="size-4" aria-hidden />
                {TRY_AGAIN}
              </Button>
            }
          >
            {errorText(query.error)}
          </Alert>
        ) : entries.length === 0 ? (
          <p className="py-6 text-center text-sm text-slate-600">{NO_ACTIVITY}</p>
        ) : (
          <ActivityTable entries={entries} isPrimary={isPrimary} />
        )}
        {ready && query.hasNextPage && (
          <div className="mt-4 flex justify-center">
            <Button
              variant="outline"
              onClick={() => void query.fetchNextPage()}
              pending={query.isFetchingNextPage}
            >
              {LOAD_MORE}
            </Button>
          </div>
        )}
      </div>
    </SectionCard>
  )
}

function MemberFilter({
  value,
  onChange,
  error,
}: {
  value: string | undefined
  onChange: (v: string) => void
  error?: string
}) {
  const team = useTeam()
  return (
    <SelectField
      label={ACTIVITY_FILTER_LABELS.member}
      value={value ?? ''}
      onChange={(e) => onChange(e.target.value)}
      error={error}
    >
      <option value="">{ALL_MEMBERS}</option>
      {team.data?.members.map((m) => (
        <option key={m.id} value={m.id}>
          {`${m.firstName} ${m.lastName}`}
        </option>
      ))}
    </SelectField>
  )
}

/** The names with the row's invited person under the invitation's id, when the server named them. */
function withInvitee(names: ReadonlyMap<string, string>, e: AuditEntry) {
  const invitationId = e.details?.invitationId
  if (!e.invitee || typeof invitationId !== 'string') return names
  return new Map([...names, [invitationId, e.invitee]])
}

function ActivityTable({ entries, isPrimary }: { entries: AuditEntry[]; isPrimary: boolean }) {
  // The account holder's details name the members they mention; a member sees short references.
  const team = useQuery({ ...teamQuery, enabled: isPrimary })
  const names = useMemo(
    () => new Map(team.data?.members.map((m) => [m.id, `${m.firstName} ${m.lastName}`]) ?? []),
    [team.data],
  )
  return (
    // The table scrolls sideways inside the card on a phone; the page itself never does.
    <div className="-mx-5 overflow-x-auto sm:mx-0" tabIndex={0} aria-label={ACTIVITY_TITLE}>
      <table className="w-full min-w-[42rem] text-left text-sm">
        <caption className="sr-only">{ACTIVITY_TITLE}</caption>
        <thead className="border-b border-slate-200 text-xs uppercase text-slate-500">
          <tr>
            {Object.values(ACTIVITY_COLUMNS).map((c) => (
              <th key={c} scope="col" className="px-5 py-2 font-medium sm:px-3">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {entries.map((e) => (
            <tr key={e.id}>
              <td className="whitespace-nowrap px-5 py-2 text-slate-600 sm:px-3">
                <time dateTime={e.at}>{when(e.at)}</time>
              </td>
              <td className="px-5 py-2 font-medium text-slate-900 sm:px-3">{e.label}</td>
              <td className="px-5 py-2 sm:px-3">{who(e)}</td>
              <td className="px-5 py-2 sm:px-3">
                <Badge tone={OUTCOME_TONE[e.outcome]}>{OUTCOME_LABELS[e.outcome]}</Badge>
              </td>
              <td className="break-all px-5 py-2 text-xs text-slate-500 sm:px-3">
                {detailText(e.details, withInvitee(names, e))}
              </td>
              <td className="whitespace-nowrap px-5 py-2 text-xs text-slate-500 sm:px-3">
                {e.ip ?? ''}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
