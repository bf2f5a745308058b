/**
 * The legal-requirements gate: every template except settings is blocked until the
 * Terms, the BAA and the email-provider attestation are all accepted. It lists what is missing,
 * Go to Legal & Compliance opens /app/settings?tab=legal, Check Status Again refetches. It stands
 * in place of the template, so no patient data can be entered before the BAA is signed.
 */
import { Link } from 'react-router'
import { CheckCircle2, Circle, FileSignature, RefreshCw, ShieldCheck } from 'lucide-react'
import {
  BAA_PRIMARY_USER_ONLY,
  LEGAL_DOCUMENT_KINDS,
  LEGAL_PROMPTS,
  LEGAL_TITLES,
} from '@myodocs/shared/contracts/legal'
import type { LegalDocumentKind, LegalStatus } from '@myodocs/shared/contracts/legal'
import {
  CHECK_STATUS_AGAIN,
  GO_TO_LEGAL_AND_COMPLIANCE,
  LEGAL_GATE_EXPLANATION,
  LEGAL_GATE_TITLE,
} from '@myodocs/shared/constants/messages'
import { Button, buttonClasses } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { Progress } from '../../../components/ui/progress'

export function LegalGate({
  templateName,
  accepted,
  statuses,
  percentage,
  isPrimaryUser,
  checking,
  onCheckAgain,
  legalPath,
}: {
  templateName: string
  accepted: Record<LegalDocumentKind, boolean>
  statuses: Record<LegalDocumentKind, LegalStatus | undefined>
  percentage: number
  isPrimaryUser: boolean
  checking: boolean
  onCheckAgain: () => void
  /** /app/settings?tab=legal */
  legalPath: string
}) {
  const done = LEGAL_DOCUMENT_KINDS.filter((k) => accepted[k]).length
  return (
    <section aria-labelledby="gate-template" className="mx-auto max-w-3xl">
      <h1 id="gate-template" className="text-2xl font-semibold tracking-tight text-slate-900">
        {templateName}
      </h1>
      <Card className="mt-6 overflow-hidden" role="region" aria-labelledby="gate-title">
        <div className="border-b border-slate-200 bg-gradient-to-br from-brand-50 to-white px-6 py-6 sm:px-8">
          <div className="flex items-start gap-4">
            <div className="flex size-12 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-800">
              <ShieldCheck className="size-6" aria-hidden />
            </div>
            <div className="min-w-0">
              <h2 id="gate-title" className="text-lg font-semibold text-slate-900">
                {LEGAL_GATE_TITLE}
              </h2>
              <p className="mt-1 text-sm text-slate-600">{LEGAL_GATE_EXPLANATION}</p>
            </div>
          </div>
          <div className="mt-5 flex items-center gap-3">
            <Progress value={percentage} label="Legal requirements completed" className="flex-1" />
            <span className="text-sm font-medium text-slate-700 tabular-nums">
              {done} of {LEGAL_DOCUMENT_KINDS.length} complete
            </span>
          </div>
        </div>
        <ul className="divide-y divide-slate-100 px-6 sm:px-8" aria-label="Legal requirements">
          {LEGAL_DOCUMENT_KINDS.map((kind) => {
            const ok = accepted[kind]
            const stale = statuses[kind]?.stale
            return (
              <li key={kind} className="flex items-start gap-3 py-4">
                {ok ? (
                  <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-emerald-600" aria-hidden />
                ) : (
                  <Circle className="mt-0.5 size-5 shrink-0 text-amber-500" aria-hidden />
                )}
                <div className="min-w-0">
                  <p className="font-medium text-slate-900">
                    {LEGAL_TITLES[kind]}
                    <span className="sr-only">{ok ? ': accepted' : ': missing'}</span>
                  </p>
                  {ok ? (
                    <p className="text-sm text-slate-500">Accepted</p>
                  ) : (
                    <p className="text-sm text-slate-600">
                      {stale
                        ? `A new version (${statuses[kind]?.currentVersion}) is in force. `
                        : ''}
                      {kind === 'baa' && !isPrimaryUser
                        ? BAA_PRIMARY_USER_ONLY
                        : LEGAL_PROMPTS[kind]}
                    </p>
                  )}
                </div>
              </li>
            )
          })}
        </ul>
        <div className="flex flex-col-reverse gap-2 border-t border-slate-200 bg-slate-50 px-6 py-4 sm:flex-row sm:justify-end sm:px-8">
          <Button variant="outline" onClick={onCheckAgain} pending={checking}>
            {!checking && <RefreshCw className="size-4" aria-hidden />}
            {CHECK_STATUS_AGAIN}
          </Button>
          <Link to={legalPath} className={buttonClasses('primary')}>
            <FileSignature className="size-4" aria-hidden />
            {GO_TO_LEGAL_AND_COMPLIANCE}
          </Link>
        </div>
      </Card>
    </section>
  )
}
