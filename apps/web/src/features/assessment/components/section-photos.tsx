/**
 * A section's photos: choose or drop files; HEIC/HEIF
 * become JPEG, everything is fitted inside 800×800 at JPEG 0.7 off the main thread; progress for
 * several files; original and compressed sizes; a caption (the photo's name, printed under it in
 * the report); remove. A file that fails says "Failed to process image: {file name}".
 */
import { useId, useRef, useState } from 'react'
import type { DragEvent } from 'react'
import { ImagePlus, Trash2 } from 'lucide-react'
import { TOO_MANY_PHOTOS } from '@myodocs/shared/constants/document-messages'
import type { ImageRecord } from '@myodocs/shared/contracts/documents'
import { Button } from '../../../components/ui/button'
import { controlClasses } from '../../../components/ui/field'
import { cn } from '../../../lib/cn'
import { formatBytes } from '../../../lib/images/image-rules'
import { processImages } from '../../../lib/images/process-image'
import type { ProcessProgress } from '../../../lib/images/process-image'

export interface SectionPhotosProps {
  sectionTitle: string
  images: readonly ImageRecord[]
  /** How many more photos the document can take (12 in all). */
  remaining: number
  onAdd: (images: ImageRecord[]) => void
  onRemove: (imageId: string) => void
  onRename: (imageId: string, name: string) => void
}

const ACCEPT = 'image/*,.heic,.heif'

export function SectionPhotos({
  sectionTitle,
  images,
  remaining,
  onAdd,
  onRemove,
  onRename,
}: SectionPhotosProps) {
  const inputId = useId()
  const input = useRef<HTMLInputElement>(null)
  const [progress, setProgress] = useState<ProcessProgress | null>(null)
  const [problems, setProblems] = useState<string[]>([])
  const [dragging, setDragging] = useState(false)
  const busy = progress !== null

  async function add(files: File[]) {
    if (files.length === 0 || busy) return
    const accepted = files.slice(0, Math.max(0, remaining))
    const notes = accepted.length < files.length ? [TOO_MANY_PHOTOS] : []
    setProblems(notes)
    if (accepted.length === 0) return
    setProgress({ done: 0, total: accepted.length, current: accepted[0]!.name })
    const { errors } = await processImages(accepted, setProgress, (image) =>
      onAdd([
        {
          id: image.id,
          name: image.name,
          data: image.data,
          size: image.size,
          compressedSize: image.compressedSize,
          uploadedAt: image.uploadedAt,
        },
      ]),
    )
    setProgress(null)
    setProblems([...notes, ...errors.map((e) => e.message)])
  }

  const onDrop = (e: DragEvent) => {
    e.preventDefault()
    setDragging(false)
    void add(Array.from(e.dataTransfer.files))
  }

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-slate-900">
          Photos{' '}
          <span className="font-normal text-slate-500">
            {images.length ? `(${images.length})` : ''}
          </span>
        </h3>
        <input
          ref={input}
          id={inputId}
          type="file"
          accept={ACCEPT}
          multiple
          className="sr-only"
          tabIndex={-1}
          aria-label={`Add photos to ${sectionTitle}`}
          onChange={(e) => {
            const files = Array.from(e.target.files ?? [])
            e.target.value = ''
            void add(files)
          }}
        />
        <Button
          variant="outline"
          size="sm"
          disabled={busy || remaining <= 0}
          onClick={() => input.current?.click()}
        >
          <ImagePlus className="size-4" aria-hidden />
          Add photos
        </Button>
      </div>

      <div
        onDragOver={(e) => {
          e.preventDefault()
          setDragging(true)
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          'rounded-lg border border-dashed p-3 transition-colors',
          dragging ? 'border-brand-600 bg-brand-50' : 'border-slate-300',
          images.length === 0 && !busy && 'py-5 text-center',
        )}
      >
        {images.length === 0 && !busy && (
          <p className="text-sm text-slate-500">
            Drop photos here or use Add photos. HEIC, JPEG and PNG are resized to 800 × 800 in your
            browser.
          </p>
        )}

        {busy && (
          <div className="mb-3 space-y-1" role="status" aria-live="polite">
            <p className="text-sm text-slate-700">
              Processing photo {Math.min(progress.done + 1, progress.total)} of {progress.total}
              {progress.current ? ` · ${progress.current}` : ''}
            </p>
            <div
              role="progressbar"
              aria-label="Photo processing"
              aria-valuemin={0}
              aria-valuemax={progress.total}
              aria-valuenow={progress.done}
              className="h-1.5 overflow-hidden rounded-full bg-slate-200"
            >
              <div
                className="h-full rounded-full bg-brand-600 transition-all"
                style={{ width: `${(100 * (progress.done + 0.5)) / progress.total}%` }}
              />
            </div>
          </div>
        )}

        {images.length > 0 && (
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {images.map((image, index) => (
              <li
                key={image.id}
                className="overflow-hidden rounded-lg border border-slate-200 bg-white"
              >
                <img
                  src={image.data}
                  alt={image.name}
                  className="aspect-[4/3] w-full bg-slate-100 object-contain"
                />
                <div className="space-y-1.5 p-2">
                  <label className="sr-only" htmlFor={`caption-${image.id}`}>
                    Caption of photo {index + 1} in {sectionTitle}
                  </label>
                  <input
                    id={`caption-${image.id}`}
                    value={image.name}
                    maxLength={255}
                    placeholder="Caption"
                    onChange={(e) => onRename(image.id, e.target.value)}
                    className={cn(controlClasses, 'px-2 py-1 text-xs')}
                  />
                  <div className="flex items-center justify-between gap-2">
                    <span className="text-xs tabular-nums text-slate-500">
                      {formatBytes(image.size)} → {formatBytes(image.compressedSize)}
                    </span>
                    <Button
                      variant="ghost"
                      size="sm"
                      className="h-7 px-2 text-red-700 hover:bg-red-50"
                      aria-label={`Remove photo ${image.name}`}
                      onClick={() => onRemove(image.id)}
                    >
                      <Trash2 className="size-3.5" aria-hidden />
                      Remove
                    </Button>
                  </div>
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>

      {problems.length > 0 && (
        <ul role="alert" className="space-y-1 text-sm text-red-600">
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
    </div>
  )
}
