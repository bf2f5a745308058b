/// <reference lib="webworker" />
/**
 * Off the main thread: decode an image, fit it inside 800×800 on white, encode JPEG 0.7.
 * Receives `{ id, blob }`, answers `{ id, blob, width, height }` or `{ id, error }`.
 */
import { fitInside, PHOTO_JPEG_QUALITY } from './image-rules'

type Request = { id: number; blob: Blob }

self.onmessage = async (event: MessageEvent<Request>) => {
  const { id, blob } = event.data
  try {
    const bitmap = await createImageBitmap(blob, { imageOrientation: 'from-image' })
    const size = fitInside(bitmap.width, bitmap.height)
    const canvas = new OffscreenCanvas(size.width, size.height)
    const ctx = canvas.getContext('2d')
    if (!ctx) throw new Error('no 2d context')
    // JPEG has no transparency: paint white first so transparent PNGs do not turn black.
    ctx.fillStyle = '#ffffff'
    ctx.fillRect(0, 0, size.width, size.height)
    ctx.imageSmoothingQuality = 'high'
    ctx.drawImage(bitmap, 0, 0, size.width, size.height)
    bitmap.close()
    const out = await canvas.convertToBlob({ type: 'image/jpeg', quality: PHOTO_JPEG_QUALITY })
    self.postMessage({ id, blob: out, ...size })
  } catch (err) {
    self.postMessage({ id, error: err instanceof Error ? err.message : String(err) })
  }
}
