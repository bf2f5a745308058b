/**
 * Settings › Practice exercises: the practice library of custom exercises
 * (docs/product/clinical-content.md#custom-exercises), the same for every member of the practice.
 * The list by name with what prints beside each (minutes, frequency, cautions, a demo video), Add
 * and Edit in a dialog with the shared contract's form, Delete after a question.
 */
import { useState } from 'react'
import { toast } from '../../../components/ui/toast'
import { Pencil, Plus, QrCode, Ruler, Trash2, TriangleAlert } from 'lucide-react'
import type { CustomExerciseEntry } from '@myodocs/shared/contracts/custom-exercises'
import {
  ADD_PRACTICE_EXERCISE,
  DELETE_PRACTICE_EXERCISE_DESCRIPTION,
  EDIT_PRACTICE_EXERCISE,
  NEW_PRACTICE_EXERCISE,
  PRACTICE_EXERCISE_DELETED,
  PRACTICE_EXERCISE_SAVED,
  PRACTICE_EXERCISES_DESCRIPTION,
  PRACTICE_EXERCISES_EMPTY,
  PRACTICE_EXERCISES_TITLE,
  PRACTICE_EXERCISES_WHAT,
  deletePracticeExerciseTitle,
} from '@myodocs/shared/constants/custom-exercise-messages'
import { findExerciseCategory } from '@myodocs/shared/domain/exercise-catalog'
import { EXERCISE_MEASURE_UNIT_LABELS } from '@myodocs/shared/domain/exercise-measure'
import { Button } from '../../../components/ui/button'
import { ConfirmDialog } from '../../../components/ui/confirm-dialog'
import { Dialog } from '../../../components/ui/dialog'
import { QueryState } from '../../../components/ui/query-state'
import { SectionCard } from '../../../components/ui/settings-section'
import { ApiError } from '../../../lib/api-client'
import { useCreateCustomExercise } from '../api/create-custom-exercise'
import { useDeleteCustomExercise } from '../api/delete-custom-exercise'
import { useCustomExercises } from '../api/get-custom-exercises'
import { useUpdateCustomExercise } from '../api/update-custom-exercise'
import { CustomExerciseForm, entryToForm, NEW_CUSTOM_EXERCISE } from './custom-exercise-form'

/** "2 min · 2× daily", or "Daily habit · nightly". */
export const doseLabel = (entry: Pick<CustomExerciseEntry, 'minutes' | 'frequency'>) =>
  [entry.minutes === 0 ? 'Daily habit' : `${entry.minutes} min`, entry.frequency]
    .filter(Boolean)
    .join(' · ')

type Editing = { entry: CustomExerciseEntry | null } | null

export function CustomExercisesSettings() {
  const library = useCustomExercises()
  const create = useCreateCustomExercise()
  const update = useUpdateCustomExercise()
  const remove = useDeleteCustomExercise()
  const [editing, setEditing] = useState<Editing>(null)
  const [deleting, setDeleting] = useState<CustomExerciseEntry | null>(null)

  const confirmDelete = async () => {
    if (!deleting) return
    try {
      await remove.mutateAsync(deleting.id)
      toast.success(PRACTICE_EXERCISE_DELETED)
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : String(err))
    } finally {
      setDeleting(null)
    }
  }

  return (
    <div className="space-y-4">
      <SectionCard
        title={PRACTICE_EXERCISES_TITLE}
        description={PRACTICE_EXERCISES_DESCRIPTION}
        headingId="practice-exercises-title"
        badge={
          <Button onClick={() => setEditing({ entry: null })} disabled={library.isPending}>
            <Plus className="size-4" aria-hidden />
            {ADD_PRACTICE_EXERCISE}
          </Button>
        }
      >
        <QueryState query={library} what={PRACTICE_EXERCISES_WHAT}>
          {(entries) =>
            entries.length === 0 ? (
              <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">
                {PRACTICE_EXERCISES_EMPTY}
              </p>
            ) : (
              <ul aria-labelledby="practice-exercises-title" className="divide-y divide-slate-100">
                {entries.map((entry) => (
                  <LibraryRow
                    key={entry.id}
                    entry={entry}
                    onEdit={() => setEditing({ entry })}
                    onDelete={() => setDeleting(entry)}
                  />
                ))}
              </ul>
            )
          }
        </QueryState>
      </SectionCard>

      <Dialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        title={editing?.entry ? EDIT_PRACTICE_EXERCISE : NEW_PRACTICE_EXERCISE}
        className="max-h-[calc(100dvh-2rem)] max-w-2xl overflow-y-auto"
      >
        {editing && (
          <CustomExerciseForm
            initial={editing.entry ? entryToForm(editing.entry) : NEW_CUSTOM_EXERCISE}
            onCancel={() => setEditing(null)}
            onSave={async (body) => {
              if (editing.entry) await update.mutateAsync({ id: editing.entry.id, body })
              else await create.mutateAsync(body)
              toast.success(PRACTICE_EXERCISE_SAVED)
              setEditing(null)
            }}
          />
        )}
      </Dialog>

      <ConfirmDialog
        open={deleting !== null}
        title={deleting ? deletePracticeExerciseTitle(deleting.name) : ''}
        description={DELETE_PRACTICE_EXERCISE_DESCRIPTION}
        confirmLabel="Delete"
        tone="danger"
        pending={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </div>
  )
}

function LibraryRow({
  entry,
  onEdit,
  onDelete,
}: {
  entry: CustomExerciseEntry
  onEdit: () => void
  onDelete: () => void
}) {
  return (
    <li className="flex flex-wrap items-start gap-3 py-3">
      <div className="min-w-0 flex-1">
        <p className="font-medium text-slate-900">{entry.name}</p>
        <p className="text-xs text-slate-500">
          {findExerciseCategory(entry.categoryId)?.title} · {doseLabel(entry)} ·{' '}
          {entry.steps.length === 1 ? '1 step' : `${entry.steps.length} steps`}
        </p>
        <div className="mt-1 flex flex-wrap gap-1.5">
          {entry.breathHold && <Flag>Breath hold</Flag>}
          {entry.swallow && <Flag>Swallow</Flag>}
          {entry.measureUnit && (
            <span className="inline-flex items-center gap-1 rounded bg-slate-100 px-1.5 py-0.5 text-xs font-medium text-slate-700">
              <Ruler className="size-3" aria-hidden />
              Measured in {EXERCISE_MEASURE_UNIT_LABELS[entry.measureUnit].toLowerCase()}
            </span>
          )}
          {entry.demoLink && (
            <span className="inline-flex items-center gap-1 rounded bg-sky-50 px-1.5 py-0.5 text-xs font-medium text-sky-800">
              <QrCode className="size-3" aria-hidden />
              Demo video
            </span>
          )}
        </div>
      </div>
      <div className="flex gap-1">
        <Button variant="outline" size="sm" onClick={onEdit} aria-label={`Edit ${entry.name}`}>
          <Pencil className="size-4" aria-hidden />
          Edit
        </Button>
        <Button variant="ghost" size="sm" onClick={onDelete} aria-label={`Delete ${entry.name}`}>
          <Trash2 className="size-4" aria-hidden />
          Delete
        </Button>
      </div>
    </li>
  )
}

function Flag({ children }: { children: string }) {
  return (
    <span className="inline-flex items-center gap-1 rounded bg-amber-50 px-1.5 py-0.5 text-xs font-medium text-amber-800">
      <TriangleAlert className="size-3" aria-hidden />
      {children}
    </span>
  )
}
