/**
 * Turns a chosen photo into the assessment's Image record: HEIC/HEIF → JPEG 0.8 with
 * heic-to (libheif in its own worker, loaded only when a HEIC file appears), then fitted inside
 * 800×800 on white and compressed to JPEG 0.7 in our resize worker. Nothing leaves the browser.
 */
import { HEIC_JPEG_QUALITY, imageProcessingError, looksLikeHeic } from './image-rules'

export type ProcessedImage = {
  id: string
  name: string
  /** `data:image/jpeg;base64,…` */
  data: string
  /** Original file size in bytes. */
  size: number
  compressedSize: number
  width: number
  height: number
  uploadedAt: string
}

export class ImageProcessingError extends Error {
  readonly code = 'IMAGE_PROCESSING_ERROR'
  constructor(
    readonly fileName: string,
    cause?: unknown,
  ) {
    super(imageProcessingError(fileName), { cause })
  }
}

let worker: Worker | undefined
let nextId = 0
const pending = new Map<
  number,
  {
    resolve: (v: { blob: Blob; width: number; height: number }) => void
    reject: (e: Error) => void
  }
>()

function resizeWorker(): Worker {
  if (!worker) {
    worker = new Worker(new URL('./resize-worker.ts', import.meta.url), { type: 'module' })
    worker.onmessage = (
      e: MessageEvent<{ id: number; blob?: Blob; width?: number; height?: number; error?: string }>,
    ) => {
      const job = pending.get(e.data.id)
      if (!job) return
      pending.delete(e.data.id)
      if (e.data.blob)
        job.resolve({ blob: e.data.blob, width: e.data.width!, height: e.data.height! })
      else job.reject(new Error(e.data.error ?? 'resize failed'))
    }
  }
  return worker
}

function resize(blob: Blob) {
  return new Promise<{ blob: Blob; width: number; height: number }>((resolve, reject) => {
    const id = nextId++
    pending.set(id, { resolve, reject })
    resizeWorker().postMessage({ id, blob })
  })
}

function toDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(reader.result as string)
    reader.onerror = () => reject(reader.error ?? new Error('read failed'))
    reader.readAsDataURL(blob)
  })
}

async function toJpegSource(file: File): Promise<Blob> {
  const heic = looksLikeHeic(file) || (file.type === '' && (await sniffHeic(file)))
  if (!heic) return file
  // The CSP build: no eval; loaded on demand (~3 MB) only when a HEIC photo is chosen.
  const { heicTo } = await import('heic-to/csp')
  return heicTo({ blob: file, type: 'image/jpeg', quality: HEIC_JPEG_QUALITY })
}

async function sniffHeic(file: File): Promise<boolean> {
  const { isHeic } = await import('heic-to/csp')
  return isHeic(file)
}

/** Processes one photo; throws ImageProcessingError with the spec text on any failure. */
export async function processImage(file: File): Promise<ProcessedImage> {
  try {
    const source = await toJpegSource(file)
    const { blob, width, height } = await resize(source)
    return {
      id: crypto.randomUUID(),
      name: file.name,
      data: await toDataUrl(blob),
      size: file.size,
      compressedSize: blob.size,
      width,
      height,
      uploadedAt: new Date().toISOString(),
    }
  } catch (err) {
    throw new ImageProcessingError(file.name, err)
  }
}

export type ProcessProgress = { done: number; total: number; current?: string }

/**
 * Processes several photos one after another (bounded memory), reporting progress; failures are
 * collected per file so one bad photo does not lose the others.
 */
export async function processImages(
  files: File[],
  onProgress?: (p: ProcessProgress) => void,
  /** Each photo as soon as it is ready, so a long batch shows (and keeps) photos one by one. */
  onImage?: (image: ProcessedImage) => void,
): Promise<{ images: ProcessedImage[]; errors: ImageProcessingError[] }> {
  const images: ProcessedImage[] = []
  const errors: ImageProcessingError[] = []
  for (const [i, file] of files.entries()) {
    onProgress?.({ done: i, total: files.length, current: file.name })
    try {
      const image = await processImage(file)
      images.push(image)
      onImage?.(image)
    } catch (err) {
      errors.push(
        err instanceof ImageProcessingError ? err : new ImageProcessingError(file.name, err),
      )
    }
  }
  onProgress?.({ done: files.length, total: files.length })
  return { images, errors }
}
