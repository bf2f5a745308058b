import { useEffect, useMemo, useState } from 'react'
import QRCode from 'qrcode'
import {
  practiceSummary,
  recordingText,
  sealSummary,
  practiceSummaryLink,
} from '@myodocs/shared/domain/practice-summary'
import { qrPath } from '@myodocs/shared/domain/qr-path'
import type { Stored } from '../storage'
import { wordsFor } from '../words'
import { download } from './download'

const button =
  'min-h-12 rounded-xl px-4 text-lg font-semibold focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-700'

/** The summary's file name: `Practice-Summary_Avery_2026-03-19.json` (ASCII only). */
const fileName = (firstName: string, date: string) =>
  `Practice-Summary_${firstName.normalize('NFKD').replace(/[^A-Za-z0-9]+/g, '-') || 'Patient'}_${date}.json`

/**
 * The practice summary for the therapist: what was practiced, the values the timer recorded, the
 * family's notes; as a QR code to show and as a file to send, both signed on the phone.
 */
export function SummaryView({
  stored,
  today,
  update,
  onDeleteEverything,
}: {
  stored: Stored
  today: string
  update: (stored: Stored) => void
  onDeleteEverything: () => void
}) {
  const { program } = stored
  const words = wordsFor(program.child)
  const summary = useMemo(
    () => practiceSummary(program, stored.log, today, stored.notes),
    [program, stored.log, today, stored.notes],
  )
  const [file, setFile] = useState<string | null>(null)
  useEffect(() => {
    let live = true
    void sealSummary(summary, program.summaryKey).then((text) => live && setFile(text))
    return () => {
      live = false
    }
  }, [summary, program.summaryKey])
  const qr = useMemo(() => {
    if (!file) return null
    // The therapist's tablet or phone opens this address signed in, and the summary comes in.
    const url = practiceSummaryLink(window.location.origin, file)
    const { modules } = QRCode.create(url, { errorCorrectionLevel: 'L' })
    return { size: modules.size + 4, path: qrPath(modules, 2) }
  }, [file])

  const share = async () => {
    if (!file) return
    const name = fileName(program.firstName, today)
    const asFile = new File([file], name, { type: 'application/json' })
    if (navigator.canShare?.({ files: [asFile] })) {
      await navigator.share({ files: [asFile], title: 'Practice summary' }).catch(() => undefined)
    } else download(name, 'application/json', file)
  }

  return (
    <>
      <h1 className="text-2xl font-bold text-brand-800">Summary for your therapist</h1>
      <p className="text-slate-700">{words.summaryIntro}</p>
      <section aria-label="Practice" className="mt-3 rounded-2xl bg-white p-4 shadow-sm">
        <p className="text-xl font-bold">
          Practiced {summary.daysPracticed} of {summary.days} days
        </p>
        <p>
          {summary.sessionsDone} of {summary.sessions} sessions done
        </p>
        <ul className="mt-2 space-y-1">
          {summary.exercises.map((e) => (
            <li key={e.id}>
              {e.name}: {e.daysPracticed} {e.daysPracticed === 1 ? 'day' : 'days'}
              {e.first ? ` · ${recordingText(e.first)}` : ''}
              {e.last ? ` → ${recordingText(e.last)}` : ''}
            </li>
          ))}
        </ul>
      </section>
      <label className="mt-3 block">
        <span className="text-lg font-semibold">Notes for your therapist</span>
        <textarea
          value={stored.notes}
          maxLength={1000}
          rows={3}
          onChange={(e) => update({ ...stored, notes: e.target.value })}
          className="mt-1 block w-full rounded-xl border border-slate-300 p-3 text-lg"
        />
      </label>
      {qr ? (
        <figure className="mt-4 rounded-2xl bg-white p-4 shadow-sm">
          <svg
            role="img"
            aria-label="Practice summary code"
            viewBox={`0 0 ${qr.size} ${qr.size}`}
            className="mx-auto w-full max-w-80"
          >
            <rect width={qr.size} height={qr.size} fill="#fff" />
            <path d={qr.path} fill="#000" />
          </svg>
          <figcaption className="mt-2 text-center">Let your therapist scan this code.</figcaption>
        </figure>
      ) : null}
      <button
        type="button"
        disabled={!file}
        onClick={() => void share()}
        className={`${button} mt-3 w-full bg-brand-700 text-white`}
      >
        Save or send the summary file
      </button>
      <section className="mt-8 rounded-2xl bg-white p-4 shadow-sm">
        <h2 className="text-xl font-bold">Your data</h2>
        <p>The program, its log and your notes are kept only on this phone.</p>
        <button
          type="button"
          onClick={onDeleteEverything}
          className={`${button} mt-3 w-full bg-red-700 text-white`}
        >
          Delete everything from this phone
        </button>
      </section>
    </>
  )
}
