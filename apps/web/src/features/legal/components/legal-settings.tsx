/**
 * Settings › Legal & Compliance: each document with its
 * status, the compliance percentage out of 3, accepting the Terms and the attestation, signing
 * the BAA after reading it, and downloading the signed BAA as a PDF.
 */
import { useState } from 'react'
import { toast } from '../../../components/ui/toast'
import { CheckCircle2, CircleAlert, Download, FileText, ShieldCheck } from 'lucide-react'
import { LEGAL_DOCUMENT_KINDS, LEGAL_TITLES } from '@myodocs/shared/contracts/legal'
import type { LegalDocumentKind, LegalStatus } from '@myodocs/shared/contracts/legal'
import { LOADING_LEGAL_STATUS } from '@myodocs/shared/constants/settings-messages'
import { legalVersionOutdated } from '@myodocs/shared/constants/messages'
import { Alert } from '../../../components/ui/alert'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { Progress } from '../../../components/ui/progress'
import { Spinner } from '../../../components/ui/spinner'
import { useAuth } from '../../sessions'
import { useDownloadSignedBaa } from '../api/download-signed-baa'
import { useCompliance } from '../api/get-legal-status'
import { LegalDocumentDialog } from './legal-document-dialog'
import { formatDate } from '../../../lib/format-date'

const WHAT: Record<LegalDocumentKind, string> = {
  baa: 'The HIPAA contract between your practice and MyoDocs: how we protect the patient information you process. The account holder signs it once for everyone in the practice.',
  terms: 'The rules for using MyoDocs. Each person in your practice accepts them.',
  'email-provider-attestation':
    'Your confirmation that the mailbox you send patient documents from is HIPAA-compliant and covered by a BAA with its provider.',
}

function statusLine(kind: LegalDocumentKind, s: LegalStatus | undefined): string {
  if (!s) return 'Status unavailable'
  if (s.isAccepted && s.acceptedAt) {
    const when = formatDate(s.acceptedAt)
    if (kind === 'baa' && s.signature) {
      const who = s.signature.title ? `${s.signature.name}, ${s.signature.title}` : s.signature.name
      return `Signed by ${who} on ${when} · version ${s.documentVersion}`
    }
    return `Accepted on ${when} · version ${s.documentVersion}`
  }
  if (s.stale) {
    return legalVersionOutdated(s.documentVersion, s.currentVersion)
  }
  return kind === 'baa' ? 'Not signed yet' : 'Not accepted yet'
}

export function LegalSettings() {
  const { user } = useAuth()
  const compliance = useCompliance()
  const [open, setOpen] = useState<LegalDocumentKind | null>(null)
  const download = useDownloadSignedBaa()
  if (!user) return null
  if (compliance.state === 'pending') {
    return (
      <Card>
        <Spinner label={LOADING_LEGAL_STATUS} />
      </Card>
    )
  }
  const done = LEGAL_DOCUMENT_KINDS.filter((k) => compliance.accepted[k]).length
  return (
    <div className="space-y-6">
      <Card className="p-5 sm:p-6">
        <div className="flex flex-wrap items-center gap-5">
          <div
            className="flex size-16 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-800 ring-1 ring-brand-200"
            aria-hidden
          >
            <span className="text-lg font-bold tabular-nums">{compliance.percentage}%</span>
          </div>
          <div className="min-w-0 flex-1">
            <h2 className="text-base font-semibold text-slate-900">Compliance</h2>
            <p className="mt-0.5 text-sm text-slate-600" data-testid="compliance-summary">
              {compliance.percentage}% compliant · {done} of {LEGAL_DOCUMENT_KINDS.length}{' '}
              requirements complete
            </p>
            <Progress
              value={compliance.percentage}
              label="Compliance"
              className="mt-3"
              tone={compliance.allAccepted ? 'brand' : 'warning'}
            />
          </div>
        </div>
        {compliance.allAccepted && (
          <Alert tone="success" className="mt-5" title="You are all set">
            Every requirement is met: you can create and send patient documents.
          </Alert>
        )}
      </Card>

      <ul className="space-y-4" aria-label="Legal documents">
        {LEGAL_DOCUMENT_KINDS.map((kind) => {
          const status = compliance.statuses[kind]
          const accepted = compliance.accepted[kind]
          const memberBaa = kind === 'baa' && !user.isPrimaryUser
          return (
            <li key={kind}>
              <Card className="p-5 sm:p-6" aria-labelledby={`legal-${kind}`}>
                <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
                  <div className="flex min-w-0 gap-3">
                    <FileText className="mt-0.5 size-5 shrink-0 text-slate-400" aria-hidden />
                    <div className="min-w-0">
                      <div className="flex flex-wrap items-center gap-2">
                        <h3 id={`legal-${kind}`} className="font-semibold text-slate-900">
                          {LEGAL_TITLES[kind]}
                        </h3>
                        {accepted ? (
                          <Badge tone="success">
                            <CheckCircle2 className="size-3.5" aria-hidden />
                            {kind === 'baa' ? 'Signed' : 'Accepted'}
                          </Badge>
                        ) : (
                          <Badge tone="warning">
                            <CircleAlert className="size-3.5" aria-hidden />
                            {status?.stale ? 'New version' : 'Required'}
                          </Badge>
                        )}
                      </div>
                      <p className="mt-1 text-sm text-slate-600">{WHAT[kind]}</p>
                      <p
                        className="mt-2 text-sm font-medium text-slate-800"
                        data-testid={`legal-status-${kind}`}
                      >
                        {statusLine(kind, status)}
                      </p>
                      {memberBaa && !accepted && (
                        <p className="mt-1 text-sm text-slate-600">
                          Only the account holder (primary user) can sign it for your practice.
                        </p>
                      )}
                    </div>
                  </div>
                  <div className="flex shrink-0 flex-wrap gap-2 sm:flex-col sm:items-stretch">
                    {accepted || memberBaa ? (
                      <Button variant="outline" size="sm" onClick={() => setOpen(kind)}>
                        {kind === 'baa' ? 'Read agreement' : 'Read'}
                      </Button>
                    ) : (
                      <Button size="sm" onClick={() => setOpen(kind)}>
                        <ShieldCheck className="size-4" aria-hidden />
                        {kind === 'baa' ? 'Review and sign' : 'Review and accept'}
                      </Button>
                    )}
                    {kind === 'baa' && status?.id && status.signature && (
                      <Button
                        variant="outline"
                        size="sm"
                        pending={download.isPending}
                        onClick={() =>
                          download.mutate(
                            { id: status.id!, version: status.documentVersion },
                            { onError: (err) => toast.error(err.message) },
                          )
                        }
                      >
                        {!download.isPending && <Download className="size-4" aria-hidden />}
                        Download signed BAA
                      </Button>
                    )}
                  </div>
                </div>
              </Card>
            </li>
          )
        })}
      </ul>

      {LEGAL_DOCUMENT_KINDS.map((kind) => (
        <LegalDocumentDialog
          key={kind}
          kind={kind}
          open={open === kind}
          onOpenChange={(o) => setOpen(o ? kind : null)}
          canAccept={!compliance.accepted[kind]}
          isPrimaryUser={user.isPrimaryUser}
          businessName={user.businessName}
          defaultTitle={user.therapistTitle}
        />
      ))}
    </div>
  )
}
