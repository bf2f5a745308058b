// Unit: the session file as a PDF attachment: attached, read back byte for byte; a PDF without
// one, or no PDF at all, reads as nothing (the browser then refuses it).
import { PDFDocument } from 'pdf-lib'
import { describe, expect, it } from 'vitest'
import { attachSessionFile, readSessionFile } from './session-attachment'

describe('the session attachment', () => {
  it('round-trips through a PDF, and a PDF without one reads as nothing', async () => {
    const blank = await PDFDocument.create()
    blank.addPage()
    const bare = await blank.save()
    expect(await readSessionFile(bare)).toBeNull()
    const json = JSON.stringify({ format: 'myodocs-session', payload: '{"kind":"exercise"}' })
    const pdf = await attachSessionFile(bare, json, new Date('2026-03-05T10:00:00Z'))
    expect(await readSessionFile(pdf)).toBe(json)
    expect(await readSessionFile(new TextEncoder().encode('not a pdf'))).toBeNull()
  })
})
