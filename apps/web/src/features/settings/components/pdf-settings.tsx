/**
 * Settings › PDF: read from GET /settings, saved by PUT /settings/pdf. They are the practice's,
 * shared by every member (docs/decisions/004-legal-acceptance.md). Copies are saved on this device only:
 * the server never keeps a patient document.
 */
import { useQueryClient } from '@tanstack/react-query'
import { PdfPreferencesSchema } from '@myodocs/shared/contracts/settings'
import type { PdfPreferences } from '@myodocs/shared/contracts/settings'
import { PDF_PREFERENCES_SAVED } from '@myodocs/shared/constants/settings-messages'
import { SelectField } from '../../../components/ui/field'
import { reloadSettingsPart, useSettingsPart } from '../api/get-settings'
import { useUpdatePdfPreferences } from '../api/update-pdf-preferences'
import { QueryState } from '../../../components/ui/query-state'
import { SettingsFormSection } from '../../../components/ui/settings-section'
import { SwitchControl } from './switch-control'
import { useSectionForm } from '../../../components/ui/use-section-form'

export function PdfSettings() {
  const query = useSettingsPart('pdf')
  return (
    <QueryState query={query} what="your PDF preferences">
      {(data) => <PdfForm initial={data} />}
    </QueryState>
  )
}

function PdfForm({ initial }: { initial: PdfPreferences }) {
  const queryClient = useQueryClient()
  const update = useUpdatePdfPreferences()
  const { form, sectionProps } = useSectionForm({
    id: 'pdf',
    schema: PdfPreferencesSchema,
    initial,
    save: (values) => update.mutateAsync(values),
    reload: () => reloadSettingsPart(queryClient, 'pdf'),
    savedMessage: PDF_PREFERENCES_SAVED,
  })
  const { control } = form
  const saveCopies = form.watch('savePdfCopies')
  return (
    <SettingsFormSection
      id="pdf"
      title="PDF preferences"
      description="How generated documents reach you. These preferences are shared by everyone in your practice."
      {...sectionProps}
    >
      <div className="divide-y divide-slate-100">
        <SwitchControl
          control={control}
          name="autoDownload"
          label="Download PDFs automatically"
          description="Save each document as soon as it is generated, instead of opening a preview first."
        />
        <SwitchControl
          control={control}
          name="includeWatermark"
          label="Add a watermark"
          description="Print a light “Confidential” mark across every page."
        />
        <SwitchControl
          control={control}
          name="savePdfCopies"
          label="Keep a copy of each PDF on this device"
          description="MyoDocs never stores patient documents on its servers; copies go to your computer only."
        />
        <div className="ml-1 space-y-1 border-l-2 border-slate-100 py-3 pl-4">
          <SelectField
            label="Where to save copies"
            disabled={!saveCopies}
            containerClassName="sm:max-w-xs"
            {...form.register('pdfSaveLocation')}
          >
            <option value="downloads">My Downloads folder</option>
            <option value="ask">Ask me each time</option>
          </SelectField>
          <SwitchControl
            control={control}
            name="saveAssessmentPdf"
            label="Assessment reports and patient summaries"
            disabled={!saveCopies}
          />
          <SwitchControl
            control={control}
            name="saveExercisePdf"
            label="Exercise prescriptions"
            disabled={!saveCopies}
          />
          <SwitchControl
            control={control}
            name="saveAfterVisitPdf"
            label="After-visit summaries"
            disabled={!saveCopies}
          />
        </div>
      </div>
    </SettingsFormSection>
  )
}
