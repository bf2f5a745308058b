/**
 * One assessment section: heading with completion, its items laid out from the typed data
 * (`section-layout.ts`), scores beside their inputs, then the section's photos.
 */
import { useCallback, useContext, useMemo } from 'react'
import type { ReactNode } from 'react'
import type { ImageRecord } from '@myodocs/shared/contracts/documents'
import type {
  AssessmentItem,
  AssessmentSection,
  ItemValue,
  SectionId,
} from '@myodocs/shared/domain/assessment-sections'
import { sectionCompletion } from '@myodocs/shared/domain/assessment-session'
import type { ScaleResult } from '@myodocs/shared/domain/scales'
import { cn } from '../../../lib/cn'
import type { Assessment } from '../assessment-state'
import { itemFieldId } from '../assessment-state'
import { isWide, layoutSection } from '../section-layout'
import type { SectionBlock } from '../section-layout'
import { ItemField } from './item-field'
import { PreviousValue, PreviousValuesContext } from './previous-value'
import { QuestionnaireBlock } from './questionnaire'
import { ScaleOutput } from './scale-output'
import { SectionPhotos } from './section-photos'
import { CompletionMeter } from './completion-meter'

export interface SectionCardProps {
  section: AssessmentSection
  data: Assessment['sections'][number]
  /** Live scores of the whole assessment, by computed item id. */
  scores: ReadonlyMap<string, ScaleResult | null>
  errors: Readonly<Record<string, string>>
  onItemChange: (sectionId: SectionId, itemId: string, value: ItemValue) => void
  photosRemaining: number
  onAddImages: (sectionId: SectionId, images: ImageRecord[]) => void
  onRemoveImage: (sectionId: SectionId, imageId: string) => void
  onRenameImage: (sectionId: SectionId, imageId: string, name: string) => void
  /** The section's place, e.g. "Section 2 of 7". */
  position: string
  footer?: ReactNode
}

/**
 * A section's height before it has rendered once (`lazy-render` in index.css): about 100 px an
 * item at a tablet's width, so a jump to a later section lands near where it will be.
 */
const sectionHeightGuess = (section: AssessmentSection) => 400 + section.items.length * 100

/** The anchor of a section (jump links, keyboard navigation). */
export const sectionAnchor = (id: string) => `section-${id}`

// The MIO band in Head and neck reads the MIO measured in Tongue and lips.
const CROSS_SECTION_NOTES: Record<string, string> = {
  mio_band: 'From the maximal opening (MIO) recorded in Tongue and lips.',
}

export function SectionCard({
  section,
  data,
  scores,
  errors,
  onItemChange,
  photosRemaining,
  onAddImages,
  onRemoveImage,
  onRenameImage,
  position,
  footer,
}: SectionCardProps) {
  const blocks = useMemo(() => layoutSection(section), [section])
  const values = useMemo(() => new Map(data.items.map((i) => [i.id, i.value])), [data.items])
  const completion = sectionCompletion(section.id, data.items)
  const change = useCallback(
    (itemId: string, value: ItemValue) => onItemChange(section.id, itemId, value),
    [onItemChange, section.id],
  )

  // Only a re-evaluation wraps an item, so a first visit's layout is untouched.
  const reEvaluation = useContext(PreviousValuesContext) !== null
  const renderItem = (item: AssessmentItem, inputs: readonly string[] = []) =>
    item.kind === 'computed' ? (
      <ScaleOutput
        key={item.id}
        item={item}
        result={scores.get(item.id) ?? null}
        inputs={inputs}
        note={CROSS_SECTION_NOTES[item.id]}
      />
    ) : reEvaluation ? (
      <div key={item.id}>
        <ItemField
          item={item}
          value={values.get(item.id) ?? null}
          onChange={change}
          error={errors[itemFieldId(item.id)]}
        />
        <PreviousValue sectionId={section.id} item={item} />
      </div>
    ) : (
      <ItemField
        key={item.id}
        item={item}
        value={values.get(item.id) ?? null}
        onChange={change}
        error={errors[itemFieldId(item.id)]}
      />
    )

  const renderBlock = (block: SectionBlock) => {
    switch (block.kind) {
      case 'item':
        return renderItem(block.item)
      case 'questionnaire':
        return (
          <QuestionnaireBlock
            block={block}
            values={values}
            result={block.result ? (scores.get(block.result.id) ?? null) : null}
            onChange={change}
            errors={errors}
          />
        )
      case 'group': {
        const inputs = block.items.filter((i) => i.kind !== 'computed').map((i) => i.id)
        return (
          <div className="grid gap-4 rounded-lg border border-slate-200 bg-slate-50/60 p-3 sm:grid-cols-2 sm:p-4 lg:grid-cols-3">
            {block.items.map((item) => (
              <div
                key={item.id}
                className={cn(
                  (item.kind === 'checkbox_group' || item.kind === 'textarea') &&
                    'sm:col-span-2 lg:col-span-3',
                )}
              >
                {renderItem(item, inputs)}
              </div>
            ))}
          </div>
        )
      }
    }
  }

  const headingId = sectionAnchor(section.id)
  return (
    <section
      aria-labelledby={`${headingId}-title`}
      className="lazy-render scroll-mt-16 sm:scroll-mt-52 xl:scroll-mt-32 rounded-xl border border-slate-200 bg-white shadow-sm"
      style={{ containIntrinsicBlockSize: `auto ${sectionHeightGuess(section)}px` }}
      id={headingId}
    >
      <header className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 px-4 py-3 sm:px-6">
        <div>
          <p className="text-xs font-medium uppercase tracking-wide text-slate-500">{position}</p>
          <h2
            id={`${headingId}-title`}
            tabIndex={-1}
            className="text-lg font-semibold text-slate-900 focus:outline-none focus-visible:underline"
          >
            {section.title}
          </h2>
        </div>
        <CompletionMeter completed={completion.completed} total={completion.total} />
      </header>
      <div className="grid gap-x-6 gap-y-5 px-4 py-5 sm:px-6 md:grid-cols-2">
        {blocks.map((block) => (
          <div
            key={block.key}
            className={cn(
              (isWide(block) || block.kind !== 'item' || block.item.kind === 'computed') &&
                'md:col-span-2',
            )}
          >
            {renderBlock(block)}
          </div>
        ))}
      </div>
      <div className="border-t border-slate-200 px-4 py-4 sm:px-6">
        <SectionPhotos
          sectionTitle={section.title}
          images={data.images}
          remaining={photosRemaining}
          onAdd={(images) => onAddImages(section.id, images)}
          onRemove={(id) => onRemoveImage(section.id, id)}
          onRename={(id, name) => onRenameImage(section.id, id, name)}
        />
      </div>
      {footer && (
        <div className="flex justify-end border-t border-slate-200 px-4 py-3 sm:px-6">{footer}</div>
      )}
    </section>
  )
}
