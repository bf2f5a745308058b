/**
 * Settings: the therapist's own demo videos (docs/product/clinical-content.md#demo-videos). A link (https only) per exercise of the
 * catalog, searchable and grouped by category; the exercise prescription prints a QR code beside
 * each linked exercise. Like every settings section, it tracks unsaved changes and
 * Discard reloads it from the server.
 */
import { useState } from 'react'
import { useWatch } from 'react-hook-form'
import { toast } from '../../../components/ui/toast'
import { z } from 'zod'
import { ExternalLink, QrCode, X } from 'lucide-react'
import { SearchField } from '../../../components/ui/search-field'
import { DemoVideoUrlSchema } from '@myodocs/shared/contracts/settings'
import type { ExerciseVideoSettings } from '@myodocs/shared/contracts/settings'
import { EXERCISE_CATEGORIES } from '@myodocs/shared/domain/exercise-catalog'
import {
  DEMO_VIDEOS_SAVED,
  demoVideosLoadFailed,
  LOADING_DEMO_VIDEOS,
} from '@myodocs/shared/constants/settings-messages'
import { TRY_AGAIN } from '@myodocs/shared/constants/messages'
import { Button } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { CheckboxField } from '../../../components/ui/field'
import { applyServerErrors, FormError, useZodForm } from '../../../components/ui/form'
import { Spinner } from '../../../components/ui/spinner'
import { cn } from '../../../lib/cn'
import { searchCatalog } from '../../exercises'
import { useSettingsPart } from '../api/get-settings'
import { useUpdateExerciseVideos } from '../api/update-exercise-videos'
import { useUnsavedChanges } from '../../../components/ui/unsaved-changes'

const CATALOG_IDS = new Set(EXERCISE_CATEGORIES.flatMap((c) => c.exercises.map((e) => e.id)))

/** An empty field clears the link; anything else must pass the shared https-only check. */
export const LinkFieldSchema = z
  .string()
  .trim()
  .superRefine((value, ctx) => {
    if (value === '') return
    const result = DemoVideoUrlSchema.safeParse(value)
    if (!result.success)
      ctx.addIssue({ code: 'custom', message: result.error.issues[0]?.message ?? 'Invalid link' })
  })

export const VideoLinksFormSchema = z.object({ links: z.record(z.string(), LinkFieldSchema) })
type FormValues = z.input<typeof VideoLinksFormSchema>

/** Every catalog exercise gets a field, empty when it has no link. */
export const videoLinksToForm = (settings: ExerciseVideoSettings): FormValues => ({
  links: Object.fromEntries([...CATALOG_IDS].map((id) => [id, settings.links[id] ?? ''])),
})

/** Filled fields become the links; links of exercises no longer in the catalog are kept. */
export function formToVideoLinks(
  values: z.output<typeof VideoLinksFormSchema>,
  saved: ExerciseVideoSettings,
) {
  const kept = Object.entries(saved.links).filter(([id]) => !CATALOG_IDS.has(id))
  const filled = Object.entries(values.links).filter(([, url]) => url !== '')
  return { links: Object.fromEntries([...kept, ...filled]) }
}

export function ExerciseVideosSettings() {
  const settings = useSettingsPart('exerciseVideos')
  return (
    <Card className="p-4 sm:p-6">
      <section aria-labelledby="exercise-videos-heading">
        <h2 id="exercise-videos-heading" className="text-lg font-semibold text-slate-900">
          Exercise demo videos
        </h2>
        <p className="mt-1 max-w-2xl text-sm text-slate-600">
          Link your own demonstration video to any exercise. The exercise prescription prints a QR
          code beside that exercise so the family can watch it at home. Use https links, and videos
          without patients in them: anyone with the link can watch.
        </p>
        {settings.isPending ? (
          <Spinner label={LOADING_DEMO_VIDEOS} />
        ) : settings.isError ? (
          <div className="mt-4 space-y-3">
            <FormError message={demoVideosLoadFailed(settings.error.message)} />
            <Button variant="outline" onClick={() => void settings.refetch()}>
              {TRY_AGAIN}
            </Button>
          </div>
        ) : (
          <VideoLinksForm saved={settings.data} />
        )}
      </section>
    </Card>
  )
}

function VideoLinksForm({ saved }: { saved: ExerciseVideoSettings }) {
  const form = useZodForm(VideoLinksFormSchema, { defaultValues: videoLinksToForm(saved) })
  const mutation = useUpdateExerciseVideos()
  const settings = useSettingsPart('exerciseVideos')
  const [query, setQuery] = useState('')
  const [onlyLinked, setOnlyLinked] = useState(false)
  const [formError, setFormError] = useState<string | null>(null)
  const [discarding, setDiscarding] = useState(false)
  const links = useWatch({ control: form.control, name: 'links' })
  const { errors, isDirty } = form.formState
  // The settings page marks the tab and asks before leaving while this is dirty.
  useUnsavedChanges('videos', isDirty)
  const linkedCount = Object.values(links).filter((url) => url.trim() !== '').length

  const result = searchCatalog(query)
  const categories = result.categories
    .map((c) => ({
      ...c,
      exercises: onlyLinked ? c.exercises.filter((e) => links[e.id]?.trim()) : c.exercises,
    }))
    .filter((c) => c.exercises.length > 0)

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null)
    try {
      const next = await mutation.mutateAsync(formToVideoLinks(values, saved))
      form.reset(videoLinksToForm(next))
      toast.success(DEMO_VIDEOS_SAVED)
    } catch (err) {
      setFormError(applyServerErrors(form, err))
    }
  })

  // Discarding reloads the section from the server.
  const discard = async () => {
    setDiscarding(true)
    setFormError(null)
    const fresh = await settings.refetch()
    setDiscarding(false)
    form.reset(videoLinksToForm(fresh.data ?? saved))
  }

  return (
    <form className="mt-5 space-y-5" noValidate onSubmit={(e) => void onSubmit(e)}>
      <FormError message={formError} />
      <div className="flex flex-wrap items-center gap-x-6 gap-y-3">
        <SearchField
          label="Search exercises"
          id="video-search"
          placeholder="Search exercises"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          containerClassName="min-w-60 flex-1"
        />
        <CheckboxField
          label={`Only exercises with a video (${linkedCount})`}
          checked={onlyLinked}
          onChange={(e) => setOnlyLinked(e.target.checked)}
        />
      </div>

      {categories.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">
          {onlyLinked && !query.trim()
            ? 'No exercise has a demo video yet.'
            : 'No exercise matches your search.'}
        </p>
      ) : (
        <div className="space-y-6">
          {categories.map(({ category, exercises }) => (
            <section key={category.id} aria-labelledby={`videos-${category.id}`}>
              <h3
                id={`videos-${category.id}`}
                className="mb-2 text-xs font-semibold uppercase tracking-wide text-slate-500"
              >
                {category.title}
              </h3>
              <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
                {exercises.map((exercise) => {
                  const field = `links.${exercise.id}` as const
                  const value = links[exercise.id]?.trim() ?? ''
                  const error = errors.links?.[exercise.id]?.message
                  const inputId = `video-${exercise.id}`
                  return (
                    <li
                      key={exercise.id}
                      className="grid gap-2 px-3 py-2.5 sm:grid-cols-[14rem_minmax(0,1fr)] sm:items-start sm:gap-4"
                    >
                      <label
                        htmlFor={inputId}
                        className="flex items-center gap-1.5 pt-2 text-sm font-medium text-slate-800"
                      >
                        {value && !error && (
                          <QrCode className="size-3.5 shrink-0 text-sky-700" aria-hidden />
                        )}
                        {exercise.name}
                      </label>
                      <div className="space-y-1">
                        <div className="flex items-center gap-1">
                          <input
                            id={inputId}
                            type="url"
                            inputMode="url"
                            autoComplete="off"
                            placeholder="https://"
                            aria-invalid={error ? true : undefined}
                            aria-describedby={error ? `${inputId}-error` : undefined}
                            className={cn(
                              'block h-9 w-full min-w-0 scroll-my-24 rounded-md border border-slate-300 bg-white px-3 text-sm shadow-sm placeholder:text-slate-400 focus:border-brand-600 focus:outline-2 focus:outline-offset-0 focus:outline-brand-600/30',
                              error && 'border-red-500',
                            )}
                            {...form.register(field)}
                          />
                          {DemoVideoUrlSchema.safeParse(value).success && (
                            <a
                              href={value}
                              target="_blank"
                              rel="noopener noreferrer"
                              className="rounded p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
                              aria-label={`Open the video for ${exercise.name} in a new tab`}
                            >
                              <ExternalLink className="size-4" aria-hidden />
                            </a>
                          )}
                          {value && (
                            <button
                              type="button"
                              onClick={() =>
                                form.setValue(field, '', {
                                  shouldDirty: true,
                                  shouldValidate: true,
                                })
                              }
                              className="rounded p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
                              aria-label={`Clear the video link for ${exercise.name}`}
                            >
                              <X className="size-4" aria-hidden />
                            </button>
                          )}
                        </div>
                        {error && (
                          <p id={`${inputId}-error`} role="alert" className="text-sm text-red-600">
                            {error}
                          </p>
                        )}
                      </div>
                    </li>
                  )
                })}
              </ul>
            </section>
          ))}
        </div>
      )}

      <div
        className={cn(
          'sticky bottom-0 -mx-4 flex flex-wrap items-center justify-end gap-3 border-t border-slate-200 bg-white px-4 py-3 sm:-mx-6 sm:px-6',
          !isDirty && 'static border-transparent bg-transparent',
        )}
      >
        {isDirty && (
          <p className="mr-auto text-sm font-medium text-amber-700" role="status">
            You have unsaved changes
          </p>
        )}
        <Button
          variant="outline"
          onClick={() => void discard()}
          disabled={!isDirty || mutation.isPending}
          pending={discarding}
        >
          Discard
        </Button>
        <Button type="submit" disabled={!isDirty} pending={mutation.isPending}>
          Save changes
        </Button>
      </div>
    </form>
  )
}
