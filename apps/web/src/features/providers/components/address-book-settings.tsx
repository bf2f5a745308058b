/**
 * Settings → Address book (docs/product/providers.md#in-the-app): the practice's providers, searched
 * by name, practice, specialty, email or phone; Add provider, Edit and Delete (asked first), and
 * Import CSV. Everyone of the practice uses it alike; a referral letter picks its provider here.
 */
import { useState } from 'react'
import { toast } from '../../../components/ui/toast'
import { BookUser, FileUp, Pencil, Plus, Trash2 } from 'lucide-react'
import {
  ADDRESS_BOOK_DESCRIPTION,
  ADDRESS_BOOK_TITLE,
  ADD_PROVIDER,
  DELETE_PROVIDER,
  DELETE_PROVIDER_DESCRIPTION,
  IMPORT_PROVIDERS,
  NO_PROVIDERS,
  SEARCH_PROVIDERS,
  deleteProviderTitle,
  noProviderMatches,
  providerDeleted,
  providersShown,
} from '@myodocs/shared/constants/provider-messages'
import type { Provider } from '@myodocs/shared/contracts/providers'
import { formatUsPhone } from '@myodocs/shared/domain/phone'
import { PROVIDER_TYPE_LABELS } from '@myodocs/shared/domain/provider-types'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { QueryState } from '../../../components/ui/query-state'
import { SearchField } from '../../../components/ui/search-field'
import { SectionCard } from '../../../components/ui/settings-section'
import { useDeleteProvider } from '../api/delete-provider'
import { useProviders } from '../api/get-providers'
import { ImportProvidersDialog } from './import-providers-dialog'
import { ProviderDialog } from './provider-dialog'

const searchable = (p: Provider) =>
  [
    p.name,
    p.credentials,
    p.practice,
    PROVIDER_TYPE_LABELS[p.specialty],
    p.email,
    p.phone,
    p.address,
  ]
    .filter(Boolean)
    .join(' ')
    .toLowerCase()

/** Every word of the search appears somewhere in the provider (digits of a phone match too). */
export function matches(p: Provider, query: string): boolean {
  const text = searchable(p)
  return query
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => {
      const digits = word.replace(/\D/g, '')
      return text.includes(word) || (digits !== '' && text.includes(digits))
    })
}

export function AddressBookSettings() {
  const query = useProviders()
  const [search, setSearch] = useState('')
  const wanted = search.trim()
  const [editing, setEditing] = useState<Provider | 'new' | null>(null)
  const [importing, setImporting] = useState(false)
  return (
    <SectionCard
      title={ADDRESS_BOOK_TITLE}
      description={ADDRESS_BOOK_DESCRIPTION}
      headingId="address-book-title"
      badge={
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="outline" onClick={() => setImporting(true)}>
            <FileUp className="size-4" aria-hidden />
            {IMPORT_PROVIDERS}
          </Button>
          <Button size="sm" onClick={() => setEditing('new')}>
            <Plus className="size-4" aria-hidden />
            {ADD_PROVIDER}
          </Button>
        </div>
      }
    >
      <QueryState query={query} what="your address book">
        {(providers) => {
          if (providers.length === 0)
            return (
              <p className="flex items-start gap-2 text-sm text-slate-600">
                <BookUser className="mt-0.5 size-4 shrink-0 text-slate-400" aria-hidden />
                {NO_PROVIDERS}
              </p>
            )
          const shown = wanted ? providers.filter((p) => matches(p, wanted)) : providers
          return (
            <div className="space-y-3">
              <SearchField
                label={SEARCH_PROVIDERS}
                placeholder={SEARCH_PROVIDERS}
                value={search}
                onChange={(e) => setSearch(e.target.value)}
              />
              <p className="text-xs text-slate-500" aria-live="polite">
                {providersShown(shown.length, providers.length)}
              </p>
              {shown.length === 0 ? (
                <p className="text-sm text-slate-600">{noProviderMatches(wanted)}</p>
              ) : (
                <ul
                  className="divide-y divide-slate-100"
                  aria-labelledby="address-book-title"
                  data-testid="provider-list"
                >
                  {shown.map((p) => (
                    <ProviderRow key={p.id} provider={p} onEdit={() => setEditing(p)} />
                  ))}
                </ul>
              )}
            </div>
          )
        }}
      </QueryState>
      <ProviderDialog
        open={editing !== null}
        provider={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
      />
      <ImportProvidersDialog open={importing} onClose={() => setImporting(false)} />
    </SectionCard>
  )
}

function ProviderRow({ provider: p, onEdit }: { provider: Provider; onEdit: () => void }) {
  const remove = useDeleteProvider()
  const [confirming, setConfirming] = useState(false)
  const who = [p.name, p.credentials].filter(Boolean).join(', ')
  const reach = [
    p.email,
    p.phone ? `Phone ${formatUsPhone(p.phone)}` : '',
    p.fax ? `Fax ${formatUsPhone(p.fax)}` : '',
  ].filter(Boolean)

  const onDelete = async () => {
    try {
      await remove.mutateAsync(p.id)
      toast.success(providerDeleted(p.name))
    } catch (err) {
      toast.error(err instanceof Error ? err.message : String(err))
    } finally {
      setConfirming(false)
    }
  }

  return (
    <li
      className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-start sm:justify-between"
      data-testid="provider"
      aria-label={who}
    >
      <div className="min-w-0 space-y-0.5">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 font-medium text-slate-900">
          <span className="[overflow-wrap:anywhere]">{who}</span>
          <Badge tone="brand">{PROVIDER_TYPE_LABELS[p.specialty]}</Badge>
        </p>
        {p.practice && <p className="text-sm text-slate-700">{p.practice}</p>}
        {reach.length > 0 && (
          <p className="text-xs text-slate-600 [overflow-wrap:anywhere]">{reach.join(' · ')}</p>
        )}
      </div>
      <div className="flex shrink-0 gap-2">
        <Button size="sm" variant="outline" aria-label={`Edit ${p.name}`} onClick={onEdit}>
          <Pencil className="size-4" aria-hidden />
          Edit
        </Button>
        <Button
          size="sm"
          variant="ghost"
          aria-label={`${DELETE_PROVIDER} ${p.name}`}
          onClick={() => setConfirming(true)}
        >
          <Trash2 className="size-4" aria-hidden />
          {DELETE_PROVIDER}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        title={deleteProviderTitle(p.name)}
        description={DELETE_PROVIDER_DESCRIPTION}
        confirmLabel={DELETE_PROVIDER}
        tone="danger"
        pending={remove.isPending}
        onConfirm={() => void onDelete()}
        onCancel={() => setConfirming(false)}
      />
    </li>
  )
}
