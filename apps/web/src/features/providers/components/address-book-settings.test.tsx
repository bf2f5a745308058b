/**
 * Settings → Address book (docs/product/providers.md#in-the-app): the list and its search, the
 * empty and failed states, the provider form's checks (the shared schema's messages, the server's
 * 409 at the top), editing and deleting, and the CSV import: the preview of the chosen file, the
 * server's per-row messages on the rows they name, and the summary of what was added and skipped.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { EMAIL_INVALID, PHONE_INVALID } from '@myodocs/shared/constants/messages'
import { isRequired } from '@myodocs/shared/constants/document-messages'
import {
  ADD_PROVIDER,
  IMPORT_PROVIDERS,
  NO_PROVIDERS,
  SAVE_PROVIDER,
  SEARCH_PROVIDERS,
  csvRowErrors,
  importButton,
  importSummary,
  noProviderMatches,
  providerAlreadyInBook,
  providersShown,
} from '@myodocs/shared/constants/provider-messages'
import type { Provider } from '@myodocs/shared/contracts/providers'
import { API_ORIGIN, api, failure, http, ok } from '../../../../test/api'
import { renderScreen } from '../../../../test/render'
import { AddressBookSettings } from './address-book-settings'

const provider = (over: Partial<Provider>): Provider => ({
  id: crypto.randomUUID(),
  name: 'Avery Lin',
  credentials: 'MD',
  practice: 'Riverside ENT',
  specialty: 'ent',
  email: 'avery@ent.test',
  phone: '5035550100',
  fax: null,
  address: null,
  createdAt: '2026-12-01T10:00:00.000Z',
  updatedAt: '2026-12-01T10:00:00.000Z',
  ...over,
})

const AVERY = provider({})
const DANA = provider({
  name: 'Dana Reyes',
  credentials: 'DDS, MS',
  practice: 'Bright Smiles Orthodontics',
  specialty: 'orthodontist',
  email: 'dana@bright.test',
  phone: '5035550142',
})

/** GET /api/providers answers the book, which POST, PUT and DELETE change; the bodies are kept. */
function serveBook(initial: Provider[]) {
  const state = { book: [...initial], posted: [] as unknown[], put: [] as unknown[] }
  api.use(
    http.get(`${API_ORIGIN}/api/providers`, () => ok({ providers: state.book })),
    http.post(`${API_ORIGIN}/api/providers`, async ({ request }) => {
      const body = (await request.json()) as Provider
      state.posted.push(body)
      const added = provider({ ...body, id: crypto.randomUUID() })
      state.book.push(added)
      return ok(added)
    }),
    http.put(`${API_ORIGIN}/api/providers/:id`, async ({ request, params }) => {
      const body = (await request.json()) as Provider
      state.put.push(body)
      const saved = provider({ ...body, id: String(params.id) })
      state.book = state.book.map((p) => (p.id === params.id ? saved : p))
      return ok(saved)
    }),
    http.delete(`${API_ORIGIN}/api/providers/:id`, ({ params }) => {
      state.book = state.book.filter((p) => p.id !== params.id)
      return ok({ deleted: true })
    }),
  )
  return state
}

const csvFile = (text: string, name = 'providers.csv') =>
  new File([text], name, { type: 'text/csv' })

describe('the address book', () => {
  it('lists the providers and finds them by name, specialty, practice or phone', async () => {
    serveBook([AVERY, DANA])
    const { user } = renderScreen(<AddressBookSettings />)
    const list = await screen.findByTestId('provider-list')
    expect(within(list).getAllByTestId('provider')).toHaveLength(2)
    expect(within(list).getByText('(503) 555-0142', { exact: false })).toBeInTheDocument()
    expect(screen.getByText(providersShown(2, 2))).toBeInTheDocument()

    const search = screen.getByRole('searchbox', { name: SEARCH_PROVIDERS })
    await user.type(search, 'orthodont')
    await waitFor(() => expect(screen.getAllByTestId('provider')).toHaveLength(1))
    expect(screen.getByRole('listitem', { name: 'Dana Reyes, DDS, MS' })).toBeInTheDocument()
    expect(screen.getByText(providersShown(1, 2))).toBeInTheDocument()

    await user.clear(search)
    await user.type(search, '555-0100')
    await waitFor(() =>
      expect(screen.getByRole('listitem', { name: 'Avery Lin, MD' })).toBeInTheDocument(),
    )
    expect(screen.getAllByTestId('provider')).toHaveLength(1)

    await user.clear(search)
    await user.type(search, 'nobody')
    expect(await screen.findByText(noProviderMatches('nobody'))).toBeInTheDocument()
  })

  it('says when the book is empty, and when it could not be read (Try again reads it again)', async () => {
    let calls = 0
    api.use(
      http.get(`${API_ORIGIN}/api/providers`, () =>
        ++calls === 1
          ? failure(500, { code: 'INTERNAL_ERROR', message: 'Something went wrong' })
          : ok({ providers: [] }),
      ),
    )
    const { user } = renderScreen(<AddressBookSettings />)
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Something went wrong')
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText(NO_PROVIDERS)).toBeInTheDocument()
  })

  it('checks the form with the shared schema’s messages before anything is sent', async () => {
    const book = serveBook([])
    const { user } = renderScreen(<AddressBookSettings />)
    await screen.findByText(NO_PROVIDERS)
    await user.click(screen.getByRole('button', { name: ADD_PROVIDER }))
    const form = await screen.findByRole('form', { name: ADD_PROVIDER })
    await user.click(within(form).getByRole('button', { name: ADD_PROVIDER }))
    expect(await within(form).findByText(isRequired('Provider name'))).toBeInTheDocument()
    expect(within(form).getByText('Choose the kind of provider')).toBeInTheDocument()

    await user.type(within(form).getByLabelText(/^Name/), 'Riley Okafor')
    await user.selectOptions(within(form).getByLabelText(/^Specialty/), 'Sleep physician')
    await user.type(within(form).getByLabelText('Email'), 'riley@')
    await user.type(within(form).getByLabelText('Phone'), '555-01')
    await user.click(within(form).getByRole('button', { name: ADD_PROVIDER }))
    expect(await within(form).findByText(EMAIL_INVALID)).toBeInTheDocument()
    expect(within(form).getByText(PHONE_INVALID)).toBeInTheDocument()
    expect(book.posted).toEqual([])

    await user.clear(within(form).getByLabelText('Email'))
    await user.type(within(form).getByLabelText('Email'), 'riley@sleep.test')
    await user.clear(within(form).getByLabelText('Phone'))
    await user.type(within(form).getByLabelText('Phone'), '(503) 555-0101')
    await user.click(within(form).getByRole('button', { name: ADD_PROVIDER }))
    await waitFor(() => expect(screen.queryByRole('form')).not.toBeInTheDocument())
    expect(book.posted).toEqual([
      expect.objectContaining({
        name: 'Riley Okafor',
        specialty: 'sleep_physician',
        email: 'riley@sleep.test',
        phone: '(503) 555-0101',
      }),
    ])
    expect(await screen.findByRole('listitem', { name: 'Riley Okafor' })).toBeInTheDocument()
  })

  it('shows the server’s refusal of a provider already in the book at the top of the form', async () => {
    serveBook([AVERY])
    api.use(
      http.post(`${API_ORIGIN}/api/providers`, () =>
        failure(409, { code: 'CONFLICT', message: providerAlreadyInBook('Avery Lin') }),
      ),
    )
    const { user } = renderScreen(<AddressBookSettings />)
    await screen.findByTestId('provider-list')
    await user.click(screen.getByRole('button', { name: ADD_PROVIDER }))
    const form = await screen.findByRole('form', { name: ADD_PROVIDER })
    await user.type(within(form).getByLabelText(/^Name/), 'Avery Lin')
    await user.selectOptions(within(form).getByLabelText(/^Specialty/), 'ent')
    await user.click(within(form).getByRole('button', { name: ADD_PROVIDER }))
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      providerAlreadyInBook('Avery Lin'),
    )
  })

  it('edits a provider from its saved details and deletes one after asking', async () => {
    const book = serveBook([AVERY, DANA])
    const { user } = renderScreen(<AddressBookSettings />)
    await screen.findByTestId('provider-list')
    await user.click(screen.getByRole('button', { name: 'Edit Dana Reyes' }))
    const form = await screen.findByRole('form', { name: 'Edit provider' })
    expect(within(form).getByLabelText('Phone')).toHaveValue('(503) 555-0142')
    expect(within(form).getByLabelText(/^Specialty/)).toHaveValue('orthodontist')
    await user.clear(within(form).getByLabelText('Practice'))
    await user.click(within(form).getByRole('button', { name: SAVE_PROVIDER }))
    await waitFor(() => expect(book.put).toHaveLength(1))
    expect(book.put[0]).toMatchObject({ name: 'Dana Reyes', practice: '', credentials: 'DDS, MS' })

    await user.click(screen.getByRole('button', { name: 'Delete Avery Lin' }))
    const confirm = await screen.findByRole('dialog', { name: 'Delete Avery Lin?' })
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(screen.getAllByTestId('provider')).toHaveLength(1))
    expect(book.book.map((p) => p.name)).toEqual(['Dana Reyes'])
  })
})

describe('the CSV import', () => {
  const CSV = [
    'Name,Credentials,Specialty,E-mail,Phone',
    'Avery Lin,MD,ENT,avery@ent,503-555-0100',
    '',
    '"Okafor, Riley",,sleep medicine,riley@sleep.test,',
    'Jordan Park,CCC-SLP,chiropodist,,',
  ].join('\n')

  it('previews the file, then shows each row’s errors as the server words them', async () => {
    serveBook([])
    let sent: unknown = null
    api.use(
      http.post(`${API_ORIGIN}/api/providers/import`, async ({ request }) => {
        sent = await request.json()
        return failure(400, {
          code: 'VALIDATION_ERROR',
          message: csvRowErrors(2),
          fields: {
            'rows.2.email': EMAIL_INVALID,
            'rows.5.specialty':
              'Unknown specialty: use one of the specialties the address book lists',
          },
        })
      }),
    )
    const { user } = renderScreen(<AddressBookSettings />)
    await screen.findByText(NO_PROVIDERS)
    await user.click(screen.getByRole('button', { name: IMPORT_PROVIDERS }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByRole('link', { name: 'Download an example CSV' })).toHaveAttribute(
      'download',
      'address-book-example.csv',
    )
    await user.upload(within(dialog).getByLabelText('CSV file'), csvFile(CSV))

    const rows = await within(dialog).findAllByTestId('import-row')
    expect(rows.map((r) => r.getAttribute('aria-label'))).toEqual(['Row 2', 'Row 4', 'Row 5'])
    expect(rows[0]).toHaveTextContent('Avery Lin, MD')
    expect(rows[0]).toHaveTextContent('ENT (ear, nose and throat)')
    expect(rows[1]).toHaveTextContent('Okafor, Riley')
    expect(rows[1]).toHaveTextContent('Sleep physician')
    expect(rows[2]).toHaveTextContent('chiropodist (not recognized)')

    await user.click(within(dialog).getByRole('button', { name: importButton(3) }))
    expect(await within(dialog).findByText(csvRowErrors(2))).toBeInTheDocument()
    expect(sent).toEqual({ csv: CSV })
    expect(within(rows[0]!).getByText(EMAIL_INVALID)).toBeInTheDocument()
    expect(
      within(rows[2]!).getByText(
        'Unknown specialty: use one of the specialties the address book lists',
      ),
    ).toBeInTheDocument()
    expect(within(rows[1]!).queryByRole('list')).not.toBeInTheDocument()
    // Nothing was imported: the button waits for a corrected file.
    expect(within(dialog).getByRole('button', { name: importButton(3) })).toBeDisabled()
  })

  it('refuses a file that is not CSV before sending it', async () => {
    serveBook([])
    const { user } = renderScreen(<AddressBookSettings />)
    await screen.findByText(NO_PROVIDERS)
    await user.click(screen.getByRole('button', { name: IMPORT_PROVIDERS }))
    const dialog = await screen.findByRole('dialog')
    const input = within(dialog).getByLabelText('CSV file')
    // The picker offers CSV files only; a file dropped past it is still refused.
    fireEvent.change(input, {
      target: { files: [new File(['x'], 'list.xlsx', { type: 'application/vnd.ms-excel' })] },
    })
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Choose a file saved as CSV (.csv).',
    )
  })

  it('sums up what was added and what was skipped as already in the book', async () => {
    const book = serveBook([AVERY])
    api.use(
      http.post(`${API_ORIGIN}/api/providers/import`, () => {
        const riley = provider({
          name: 'Okafor, Riley',
          credentials: null,
          specialty: 'sleep_physician',
        })
        book.book.push(riley)
        return ok({ imported: 1, skipped: [{ row: 2, name: 'Avery Lin' }], providers: [riley] })
      }),
    )
    const { user } = renderScreen(<AddressBookSettings />)
    await screen.findByTestId('provider-list')
    await user.click(screen.getByRole('button', { name: IMPORT_PROVIDERS }))
    const dialog = await screen.findByRole('dialog')
    await user.upload(
      within(dialog).getByLabelText('CSV file'),
      csvFile('name,specialty\nAvery Lin,ENT\n"Okafor, Riley",sleep\n'),
    )
    await user.click(await within(dialog).findByRole('button', { name: importButton(2) }))
    const summary = await within(dialog).findByTestId('import-summary')
    expect(within(summary).getByRole('status')).toHaveTextContent(importSummary(1, 1))
    expect(summary).toHaveTextContent('Okafor, Riley · Sleep physician')
    expect(summary).toHaveTextContent('Row 2: Avery Lin')
    await user.click(within(summary).getByRole('button', { name: 'Done' }))
    await waitFor(() => expect(screen.getAllByTestId('provider')).toHaveLength(2))
  })
})
