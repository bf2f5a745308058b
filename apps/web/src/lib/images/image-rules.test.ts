import { describe, expect, it } from 'vitest'
import { fitInside, formatBytes, imageProcessingError, looksLikeHeic } from './image-rules'

describe('photo rules', () => {
  it('fits inside 800×800 keeping the aspect ratio and never enlarges', () => {
    expect(fitInside(4032, 3024)).toEqual({ width: 800, height: 600 })
    expect(fitInside(3024, 4032)).toEqual({ width: 600, height: 800 })
    expect(fitInside(800, 800)).toEqual({ width: 800, height: 800 })
    expect(fitInside(640, 480)).toEqual({ width: 640, height: 480 })
    expect(fitInside(10_000, 10)).toEqual({ width: 800, height: 1 })
  })

  it('recognises HEIC by type or by name', () => {
    expect(looksLikeHeic({ name: 'IMG_0001.HEIC', type: '' })).toBe(true)
    expect(looksLikeHeic({ name: 'photo', type: 'image/heif' })).toBe(true)
    expect(looksLikeHeic({ name: 'photo.jpg', type: 'image/jpeg' })).toBe(false)
  })

  it('words the failure and the sizes', () => {
    expect(imageProcessingError('IMG_1.HEIC')).toBe('Failed to process image: IMG_1.HEIC')
    expect(formatBytes(512)).toBe('512 B')
    expect(formatBytes(68_000)).toBe('66 KB')
    expect(formatBytes(3_500_000)).toBe('3.3 MB')
  })
})
