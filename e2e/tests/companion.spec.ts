/**
 * The home-program companion in a real phone-sized Chromium (docs/product/companion.md): the link
 * printed on a generated prescription opens the program; the companion keeps working offline;
 * two weeks of practice are ticked on a fake clock, the control pause timed on the first and the
 * last day; the summary file is saved, and its QR code's link brings it into the next prescription,
 * whose page 1 prints the adherence. The server's log never sees the fragment.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { devices } from '@playwright/test'
import type { Page } from '@playwright/test'
import { practiceSummaryLink } from '@myodocs/shared/domain/practice-summary'
import { acceptLegalDocuments, pdfText, registerAccount } from '../app-helpers'
import { expect, test } from '../fixtures'

/** A child's program: three exercises, one of them the control pause check, two weeks long. */
function program(sessionNumber: number, sessionDate: string, followUpDate: string) {
  const exercise = (
    sectionId: string,
    exerciseId: string,
    exerciseName: string,
    minutes: number,
  ) => ({
    sectionId,
    exerciseId,
    exerciseName,
    selected: true,
    minutes,
    variations: [],
    selectedVariation: '',
    customNote: '',
    frequency: '',
  })
  return {
    sessionData: {
      patientFirstName: 'Avery',
      patientLastName: 'Zqxlastname',
      patientDOB: '2017-05-02',
      sessionDate,
      sessionNumber,
      followUpDate,
      additionalNotes: '',
    },
    exercises: [
      exercise('tongue_function_posture', 'spot_taps', 'Spot taps', 2),
      exercise('tongue_function_posture', 'suction_hold', 'Suction hold', 3),
      exercise('breathing', 'control_pause_check', 'Control pause check', 1),
    ],
  }
}

async function timeControlPause(phone: Page, seconds: number) {
  await phone
    .getByRole('button', { name: /^Control pause check/ })
    .first()
    .click()
  await phone.getByRole('button', { name: 'Go!' }).click()
  await phone.clock.runFor(seconds * 1000)
  await phone.getByRole('button', { name: 'Stop and save' }).click()
  await expect(phone.getByText(`Saved: ${seconds} s`)).toBeVisible()
}

test('a family practices two weeks offline and the next prescription prints the adherence', async ({
  page,
  server,
  browser,
}) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'myodocs-e2e-companion-'))
  try {
    await registerAccount(page, server)
    await acceptLegalDocuments(page.request)
    const token = (await (await page.request.get('/api/csrf-token')).json()) as {
      csrfToken: string
    }
    const res = await page.request.post('/api/documents/exercise', {
      data: program(3, '2026-03-05', '2026-03-19'),
      headers: { 'x-csrf-token': token.csrfToken },
    })
    expect(res.status()).toBe(200)
    const first = path.join(dir, 'first.pdf')
    writeFileSync(first, await res.body())
    // The link as printed under the code: lines of 84 characters, the last one shorter.
    const { text } = pdfText(first)
    const words = text.slice(text.indexOf(`${server.url}/companion/#`)).split(' ')
    let link = ''
    for (const word of words) {
      link += word
      if (word.length < 84) break
    }
    const fragment = link.split('#')[1]!

    // The patient's phone: its own browser profile.
    const phoneContext = await browser.newContext({ ...devices['Pixel 7'], hasTouch: true })
    const phone = await phoneContext.newPage()
    await phone.clock.install({ time: new Date('2026-03-06T07:45:00') })
    await phone.goto(link)
    await expect(phone.getByRole('heading', { name: 'Hi Avery!' })).toBeVisible()
    await expect(phone.getByText('Day 1 of 14')).toBeVisible()
    // The program is kept on the phone; the address bar no longer holds it.
    expect(phone.url()).toBe(`${server.url}/companion/`)
    await phone.evaluate(() => navigator.serviceWorker.ready.then(() => undefined))

    await phoneContext.setOffline(true)
    await phone.reload()
    await expect(phone.getByRole('heading', { name: 'Hi Avery!' })).toBeVisible()
    await phone.screenshot({
      path: path.join('e2e/.artifacts', 'companion-390.png'),
      fullPage: true,
    })

    // Two weeks: both sessions on most days, one on some, none on three.
    const skipped = new Set([3, 7, 11])
    for (let day = 1; day <= 14; day += 1) {
      const date = `2026-03-${String(5 + day).padStart(2, '0')}`
      await phone.clock.setSystemTime(new Date(`${date}T08:00:00`))
      await phone.reload()
      await expect(phone.getByText(`Day ${day} of 14`)).toBeVisible()
      if (day === 1) await timeControlPause(phone, 12)
      if (day === 14) await timeControlPause(phone, 18)
      if (skipped.has(day)) continue
      await phone.getByRole('button', { name: 'I did it! (session 1)' }).click()
      await expect(phone.getByRole('button', { name: 'Session 1 done ✓' })).toBeVisible()
      if (day % 4 !== 0) await phone.getByRole('button', { name: 'I did it! (session 2)' }).click()
    }
    await expect(phone.getByText('3 days in a row')).toBeVisible()

    await phone.getByRole('button', { name: 'Log' }).click()
    await expect(phone.getByText('Mar 19 (today)')).toBeVisible()
    await phone.getByRole('button', { name: 'Summary' }).click()
    await expect(phone.getByText('Practiced 11 of 14 days')).toBeVisible()
    await phone.getByLabel('Notes for your therapist').fill('Harder on school days.')
    await expect(phone.getByRole('img', { name: 'Practice summary code' })).toBeVisible()
    await phone.setViewportSize({ width: 320, height: 640 })
    await phone.screenshot({
      path: path.join('e2e/.artifacts', 'companion-summary-320.png'),
      fullPage: true,
    })
    const [download] = await Promise.all([
      phone.waitForEvent('download'),
      phone.getByRole('button', { name: 'Save or send the summary file' }).click(),
    ])
    const summaryFile = path.join(dir, download.suggestedFilename())
    await download.saveAs(summaryFile)
    expect(path.basename(summaryFile)).toBe('Practice-Summary_Avery_2026-03-19.json')

    // Delete everything in one tap (and a confirmation).
    phone.once('dialog', (dialog) => void dialog.accept())
    await phone.getByRole('button', { name: 'Delete everything from this phone' }).click()
    await expect(phone.getByText('Everything was deleted from this phone.')).toBeVisible()
    expect(await phone.evaluate(() => localStorage.length)).toBe(0)
    await phoneContext.close()

    // The therapist: the next visit starts from the first prescription, then takes the summary.
    await page.goto('/app/exercises')
    const chooser = page.getByLabel(/Start from a previous document: choose/)
    await chooser.setInputFiles(first)
    await expect(page.getByText(/Started from 1 earlier document of Avery/)).toBeVisible()
    // The summary's QR code opens the exercise page with the summary in its fragment.
    await page.goto(
      practiceSummaryLink(new URL(page.url()).origin, readFileSync(summaryFile, 'utf8')),
    )
    await expect(page).toHaveURL(/\/app\/exercises$/)
    await expect(
      page.getByText(
        'Brought in the practice summary of Avery: Practiced 11 of 14 days; control pause 12 → 18 s.',
        { exact: false },
      ),
    ).toBeVisible()
    await page.getByLabel(/^Session Date/).fill('2026-03-19')
    const [next] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Generate Prescription' }).click(),
    ])
    const second = path.join(dir, 'second.pdf')
    await next.saveAs(second)
    const { pages } = pdfText(second)
    expect(pages[0]).toContain('Home practice since your last visit')
    expect(pages[0]).toContain('Practiced 11 of 14 days; control pause 12 → 18 s')

    // Nothing of the program reached the server: not the fragment, not the last name.
    expect(server.logs()).toContain('/companion/')
    expect(server.logs()).not.toContain(fragment.slice(0, 40))
    expect(server.logs()).not.toContain('Zqxlastname')
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})
