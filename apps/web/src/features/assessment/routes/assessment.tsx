/**
 * /app/assessment, the Myofunctional Assessment: patient data, the seven
 * sections with live scores and photos, recommendations, then the assessment report and the
 * patient summary. The form is one clinical session, autosaved encrypted on this
 * device, so a reload, a crash or an idle logout during a 60–90 minute visit loses nothing.
 * What the page does is `use-assessment-page.ts`; this is its markup, whose parts each read
 * their own slice of the session (`components/assessment-parts.tsx`).
 */
import { useMemo, useRef } from 'react'
import { FileText, Send, Users } from 'lucide-react'
import {
  IMPRESSION_MISSING,
  IMPRESSION_MISSING_ACTIONS,
} from '@myodocs/shared/constants/document-messages'
import { SEND_BUTTON } from '@myodocs/shared/constants/mailbox-messages'
import type { DocumentKindOf } from '@myodocs/shared/contracts/document-registry'
import { ASSESSMENT_SECTIONS } from '@myodocs/shared/domain/assessment-sections'
import { Button } from '../../../components/ui/button'
import { PhoneActionBar } from '../../../components/ui/phone-action-bar'
import { Spinner } from '../../../components/ui/spinner'
import { usePageMeta } from '../../../lib/page-meta'
import { DocumentPreviewDialog, StartFromPreviousCard } from '../../documents'
import {
  AssessmentFormError,
  AssessmentImpression,
  AssessmentIndex,
  AssessmentLetters,
  AssessmentPatient,
  AssessmentPhotoCount,
  AssessmentRecommendations,
  AssessmentSection,
  AssessmentSessionBar,
  AssessmentSubtitle,
} from '../components/assessment-parts'
import type { SectionHandlers } from '../components/assessment-parts'
import { PreviousValuesContext } from '../components/previous-value'
import { ProfileNotice } from '../components/profile-notice'
import { goToSection } from '../components/section-index'
import { useAssessmentPage } from '../use-assessment-page'

export default function AssessmentPage() {
  usePageMeta({
    title: 'Myofunctional Assessment',
    description: 'Myofunctional Assessment: findings, scores, photos and recommendations.',
  })
  const page = useAssessmentPage()
  const { session, documents, messages, generate, openSend } = page
  const { store } = session
  const { onItemChange, onAddImages, onRemoveImage, onRenameImage } = page
  const handlers: SectionHandlers = useMemo(
    () => ({ onItemChange, onAddImages, onRemoveImage, onRenameImage }),
    [onItemChange, onAddImages, onRemoveImage, onRenameImage],
  )
  // The phone's action bar steps aside while either row of the page's own buttons is in view.
  const headerActions = useRef<HTMLDivElement>(null)
  const sectionActions = useRef<HTMLDivElement>(null)

  if (session.phase === 'restoring')
    return <Spinner label="Opening your saved assessment…" className="min-h-[50vh]" />

  const failure = page.failure?.message ?? null
  const impressionNotice = page.impressionPrompt ? (
    <div
      role="alert"
      className="mt-2 w-full rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
    >
      <p>{IMPRESSION_MISSING}</p>
      <div className="mt-2 flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="secondary"
          onClick={() => {
            page.dismissImpressionPrompt()
            goToSection('section-impression')
          }}
        >
          {IMPRESSION_MISSING_ACTIONS.write}
        </Button>
        <Button
          size="sm"
          variant="outline"
          onClick={() => void generate('assessment', { withoutImpression: true })}
        >
          {IMPRESSION_MISSING_ACTIONS.skip}
        </Button>
      </div>
    </div>
  ) : null
  const generateButtons = (size: 'sm' | 'md') => (
    <>
      <Button
        size={size}
        pending={documents.pendingKind === 'assessment'}
        disabled={documents.pendingKind !== null}
        onClick={() => void generate('assessment')}
      >
        {documents.pendingKind !== 'assessment' && <FileText className="size-4" aria-hidden />}
        Generate Report
      </Button>
      <Button
        size={size}
        variant="outline"
        pending={documents.pendingKind === 'patient-summary'}
        disabled={documents.pendingKind !== null}
        onClick={() => void generate('patient-summary')}
      >
        {documents.pendingKind !== 'patient-summary' && <Users className="size-4" aria-hidden />}
        Generate Patient Summary
      </Button>
      <Button
        size={size}
        variant="outline"
        disabled={documents.pendingKind !== null}
        onClick={() => openSend()}
      >
        <Send className="size-4" aria-hidden />
        {SEND_BUTTON}
      </Button>
    </>
  )

  return (
    <div className="pb-24 sm:pb-16">
      <header className="-mx-4 border-b border-slate-200 bg-slate-50 px-4 pb-2 pt-3 sm:sticky sm:top-0 sm:z-20 sm:-mx-6 sm:px-6">
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
          <div className="min-w-0">
            <h1 className="text-xl font-bold tracking-tight text-slate-900 sm:text-2xl">
              Myofunctional Assessment
            </h1>
            <AssessmentSubtitle store={store} active={session.sessionId !== null} />
          </div>
          <div ref={headerActions} className="flex flex-wrap gap-2">
            {generateButtons('md')}
          </div>
          {impressionNotice}
        </div>
        <div className="mt-2">
          <AssessmentSessionBar session={session} />
        </div>
        <div className="mt-2 hidden sm:block xl:hidden">
          <AssessmentIndex store={store} variant="bar" />
        </div>
      </header>
      {/* On a phone only the section bar stays in view: the screen is too short for the rest. */}
      <div className="sticky top-0 z-20 -mx-4 border-b border-slate-200 bg-slate-50 px-4 py-2 sm:hidden">
        <AssessmentIndex store={store} variant="bar" />
      </div>

      <div className="mt-6 xl:grid xl:grid-cols-[minmax(0,1fr)_13rem] xl:gap-8">
        <div className="min-w-0 space-y-6">
          <ProfileNotice />
          <StartFromPreviousCard
            page="assessment"
            onStart={page.startFrom}
            onPractice={page.bringPractice}
          />
          <div id="assessment-errors" tabIndex={-1} className="empty:hidden">
            <AssessmentFormError store={store} messages={messages} failure={failure} />
          </div>
          <PreviousValuesContext.Provider value={page.previous}>
            <AssessmentPatient
              store={store}
              messages={messages}
              onChange={page.onPatientChange}
              onBlur={page.onPatientBlur}
            />
            {ASSESSMENT_SECTIONS.map((section, index) => (
              <AssessmentSection
                key={section.id}
                store={store}
                section={section}
                index={index}
                itemErrors={messages.itemErrors}
                handlers={handlers}
              />
            ))}
          </PreviousValuesContext.Provider>
          <AssessmentRecommendations
            store={store}
            onChange={page.onRecommendationChange}
            onPatientChange={page.onPatientChange}
          />
          <AssessmentImpression store={store} onPatientChange={page.onPatientChange} />
          <AssessmentLetters
            store={store}
            sessionId={session.sessionId}
            prepare={page.prepareLetter}
            onRecommendationChange={page.onRecommendationChange}
          />
          <section
            id="section-documents"
            aria-labelledby="section-documents-title"
            className="scroll-mt-16 sm:scroll-mt-52 xl:scroll-mt-32 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
          >
            <h2
              id="section-documents-title"
              tabIndex={-1}
              className="text-lg font-semibold text-slate-900 focus:outline-none focus-visible:underline"
            >
              Documents
            </h2>
            <p className="mt-1 max-w-prose text-sm text-slate-600">
              The <strong className="font-medium text-slate-800">assessment report</strong> is for
              the referring provider: every finding recorded, scores with their bands, photos and
              recommendations. The{' '}
              <strong className="font-medium text-slate-800">patient summary</strong> explains the
              findings and next steps in plain language.
            </p>
            <AssessmentPhotoCount store={store} />
            <div className="mt-3 empty:hidden">
              <AssessmentFormError store={store} messages={messages} failure={failure} />
            </div>
            <div ref={sectionActions} className="mt-4 flex flex-wrap gap-2">
              {generateButtons('md')}
            </div>
            {impressionNotice}
          </section>
        </div>
        <aside className="hidden xl:block">
          <div className="sticky top-36">
            <AssessmentIndex store={store} variant="sidebar" />
          </div>
        </aside>
      </div>
      <PhoneActionBar label="Assessment actions" watch={[headerActions, sectionActions]} until="sm">
        <Button
          className="flex-1"
          pending={documents.pendingKind === 'assessment'}
          disabled={documents.pendingKind !== null}
          onClick={() => void generate('assessment')}
        >
          Report
        </Button>
        <Button
          className="flex-1"
          variant="outline"
          pending={documents.pendingKind === 'patient-summary'}
          disabled={documents.pendingKind !== null}
          onClick={() => void generate('patient-summary')}
        >
          Summary
        </Button>
        <Button
          className="flex-1"
          variant="outline"
          disabled={documents.pendingKind !== null}
          onClick={() => openSend()}
        >
          <Send className="size-4" aria-hidden />
          {SEND_BUTTON}
        </Button>
      </PhoneActionBar>
      <DocumentPreviewDialog
        {...documents.preview}
        onSend={() => {
          const kind = documents.preview.kind
          documents.preview.onClose()
          openSend(kind ? [kind as DocumentKindOf<'assessment'>] : undefined)
        }}
      />
      {page.sendDialog}
    </div>
  )
}
