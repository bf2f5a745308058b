/**
 * Settings › Legal & Compliance (docs/product/legal.md, docs/product/validation.md#legal-acceptance):
 * each document's status and the compliance out of 3; accepting the Terms and signing the BAA
 * only after the text was read to its end, with the shared messages for what is missing, the
 * body sent, the status shown after; a member cannot sign the BAA; refusals stay in the dialog.
 */
import { act, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  BAA_PRIMARY_USER_ONLY,
  LEGAL_TITLES,
  type LegalDocument,
  type LegalDocumentKind,
  type LegalStatus,
} from '@myodocs/shared/contracts/legal'
import { LEGAL_ACCEPTED, legalVersionOutdated } from '@myodocs/shared/constants/messages'
import { authStore } from '../../sessions'
import { API_ORIGIN, api, failure, http, ok } from '../../../../test/api'
import { renderScreen } from '../../../../test/render'
import { buildUser } from '../../../../test/user'
import { LegalSettings } from './legal-settings'

const notAccepted: LegalStatus = {
  id: null,
  isAccepted: false,
  accepted: false,
  acceptedAt: null,
  documentVersion: '2.0',
  currentVersion: '2.0',
  stale: false,
  signature: null,
}

const acceptedStatus = (over: Partial<LegalStatus> = {}): LegalStatus => ({
  ...notAccepted,
  id: '5b0c3f1e-0000-4000-8000-0000000000a1',
  isAccepted: true,
  accepted: true,
  acceptedAt: '2026-11-02T15:00:00.000Z',
  ...over,
})

const documentOf = (kind: LegalDocumentKind): LegalDocument => ({
  id: kind,
  title: LEGAL_TITLES[kind],
  version: '2.0',
  effectiveDate: '2026-10-01',
  summary: `What the ${LEGAL_TITLES[kind]} says.`,
  sections: [{ heading: '1. Scope', blocks: [{ type: 'p', text: 'The whole text.' }] }],
})

/** The statuses as the server keeps them, with every acceptance recorded. */
function serveLegal(initial: Partial<Record<LegalDocumentKind, LegalStatus>> = {}) {
  const state = {
    statuses: {
      baa: notAccepted,
      terms: notAccepted,
      'email-provider-attestation': notAccepted,
      ...initial,
    } as Record<LegalDocumentKind, LegalStatus>,
    accepted: [] as { kind: string; body: unknown }[],
  }
  api.use(
    http.get(`${API_ORIGIN}/api/legal/:kind/status`, ({ params }) =>
      ok(state.statuses[params.kind as LegalDocumentKind]),
    ),
    http.get(`${API_ORIGIN}/api/legal/:kind/current`, ({ params }) =>
      ok(documentOf(params.kind as LegalDocumentKind)),
    ),
    http.post(`${API_ORIGIN}/api/legal/:kind/accept`, async ({ params, request }) => {
      const kind = params.kind as LegalDocumentKind
      const body = (await request.json()) as { signatureData?: { name: string; title: string } }
      state.accepted.push({ kind, body })
      state.statuses[kind] = acceptedStatus({ signature: body.signatureData ?? null })
      return ok(state.statuses[kind])
    }),
  )
  return state
}

/** The test DOM lays nothing out, so nothing comes into view by itself: the test says when the end of the text came into view. */
let reachEnd: () => void = () => undefined
class FakeIntersectionObserver {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe() {
    reachEnd = () =>
      act(() =>
        this.callback(
          [{ isIntersecting: true } as IntersectionObserverEntry],
          this as unknown as IntersectionObserver,
        ),
      )
  }
  disconnect() {}
}

beforeEach(() => {
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver)
  api.use(
    http.get(`${API_ORIGIN}/api/auth/draft-key`, () => ok({ key: 'A'.repeat(43), version: 1 })),
  )
  act(() => authStore.signedIn(buildUser()))
})
afterEach(() => vi.unstubAllGlobals())

const card = (kind: LegalDocumentKind) =>
  screen.getByRole('heading', { name: LEGAL_TITLES[kind] }).closest('li')!

describe('Settings › Legal & Compliance', () => {
  it('shows each document’s status and the compliance out of 3', async () => {
    serveLegal({
      terms: acceptedStatus(),
      'email-provider-attestation': { ...notAccepted, documentVersion: '1.0', stale: true },
    })
    renderScreen(<LegalSettings />)
    expect(await screen.findByTestId('compliance-summary')).toHaveTextContent(
      '33% compliant · 1 of 3 requirements complete',
    )
    expect(within(card('terms')).getByText('Accepted')).toBeVisible()
    expect(screen.getByTestId('legal-status-terms')).toHaveTextContent(
      /^Accepted on .* · version 2\.0$/,
    )
    expect(screen.getByTestId('legal-status-baa')).toHaveTextContent('Not signed yet')
    expect(screen.getByTestId('legal-status-email-provider-attestation')).toHaveTextContent(
      legalVersionOutdated('1.0', '2.0'),
    )
    expect(within(card('email-provider-attestation')).getByText('New version')).toBeVisible()
    expect(screen.queryByText('You are all set')).toBeNull()
  })

  it('accepts the Terms only after the text was read and the box ticked', async () => {
    const state = serveLegal()
    const { user } = renderScreen(<LegalSettings />)
    await user.click(
      await within(await waitFor(() => card('terms'))).findByRole('button', {
        name: 'Review and accept',
      }),
    )
    const dialog = await screen.findByRole('dialog')
    expect(await within(dialog).findByText('The whole text.')).toBeVisible()
    const accept = within(dialog).getByRole('button', { name: 'Accept Terms of Service' })
    expect(accept).toBeDisabled()
    expect(within(dialog).getByText('Scroll to the end of the text to confirm.')).toBeVisible()

    reachEnd()
    await waitFor(() => expect(accept).toBeEnabled())
    await user.click(accept)
    expect(await within(dialog).findByText('Please confirm to continue')).toBeVisible()
    expect(state.accepted).toEqual([])

    await user.click(within(dialog).getByRole('checkbox'))
    await user.click(accept)
    expect(await screen.findByText(LEGAL_ACCEPTED.terms)).toBeVisible()
    expect(state.accepted).toEqual([{ kind: 'terms', body: { accept: true } }])
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(within(card('terms')).getByText('Accepted')).toBeVisible()
    expect(screen.getByTestId('compliance-summary')).toHaveTextContent('33% compliant')
  })

  it('signs the BAA with a typed name and title, and shows who signed', async () => {
    const state = serveLegal({
      terms: acceptedStatus(),
      'email-provider-attestation': acceptedStatus(),
    })
    const { user } = renderScreen(<LegalSettings />)
    await user.click(
      await within(await waitFor(() => card('baa'))).findByRole('button', {
        name: 'Review and sign',
      }),
    )
    const dialog = await screen.findByRole('dialog')
    await within(dialog).findByText('The whole text.')
    reachEnd()
    const name = within(dialog).getByRole('textbox', { name: 'Full name (your signature)' })
    await waitFor(() => expect(name).toBeEnabled())
    // The signer's professional title is suggested.
    expect(within(dialog).getByRole('textbox', { name: 'Title' })).toHaveValue(
      'Myofunctional Therapist',
    )
    await user.type(name, 'A')
    await user.click(within(dialog).getByRole('button', { name: 'Sign Agreement' }))
    expect(await within(dialog).findByText('Your full name is required to sign')).toBeVisible()
    expect(within(dialog).getByText('Please confirm that you sign for your practice')).toBeVisible()
    expect(state.accepted).toEqual([])

    await user.type(name, 'very Lee')
    await user.click(
      within(dialog).getByRole('checkbox', { name: /on behalf of Bright Smiles Myo/ }),
    )
    await user.click(within(dialog).getByRole('button', { name: 'Sign Agreement' }))
    expect(await screen.findByText(LEGAL_ACCEPTED.baa)).toBeVisible()
    expect(state.accepted).toEqual([
      {
        kind: 'baa',
        body: {
          accept: true,
          signatureData: { name: 'Avery Lee', title: 'Myofunctional Therapist' },
        },
      },
    ])
    await waitFor(() =>
      expect(screen.getByTestId('legal-status-baa')).toHaveTextContent(
        /^Signed by Avery Lee, Myofunctional Therapist on .* · version 2\.0$/,
      ),
    )
    expect(screen.getByText('You are all set')).toBeVisible()
    expect(screen.getByRole('button', { name: 'Download signed BAA' })).toBeVisible()
  })

  it('keeps a refused acceptance in the dialog with the server’s message', async () => {
    serveLegal()
    api.use(
      http.post(`${API_ORIGIN}/api/legal/terms/accept`, () =>
        failure(409, {
          code: 'CONFLICT',
          message: 'A newer version is in force. Reload to read it.',
        }),
      ),
    )
    const { user } = renderScreen(<LegalSettings />)
    await user.click(
      await within(await waitFor(() => card('terms'))).findByRole('button', {
        name: 'Review and accept',
      }),
    )
    const dialog = await screen.findByRole('dialog')
    await within(dialog).findByText('The whole text.')
    reachEnd()
    await user.click(await within(dialog).findByRole('checkbox'))
    await user.click(within(dialog).getByRole('button', { name: 'Accept Terms of Service' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'A newer version is in force. Reload to read it.',
    )
    expect(screen.getByRole('dialog')).toBeVisible()
    expect(screen.getByTestId('legal-status-terms')).toHaveTextContent('Not accepted yet')
  })

  it('says the document could not be loaded, and offers nothing to accept', async () => {
    serveLegal()
    api.use(
      http.get(`${API_ORIGIN}/api/legal/terms/current`, () =>
        failure(500, { code: 'INTERNAL', message: 'Something went wrong' }),
      ),
    )
    const { user } = renderScreen(<LegalSettings />)
    await user.click(
      await within(await waitFor(() => card('terms'))).findByRole('button', {
        name: 'Review and accept',
      }),
    )
    const dialog = await screen.findByRole('dialog')
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Something went wrong')
    expect(within(dialog).queryByRole('button', { name: 'Accept Terms of Service' })).toBeNull()
  })

  it('lets a member read the BAA but not sign it', async () => {
    act(() => authStore.signedIn(buildUser({ isPrimaryUser: false })))
    serveLegal()
    const { user } = renderScreen(<LegalSettings />)
    const baa = await waitFor(() => card('baa'))
    expect(
      within(baa).getByText(
        'Only the account holder (primary user) can sign it for your practice.',
      ),
    ).toBeVisible()
    await user.click(within(baa).getByRole('button', { name: 'Read agreement' }))
    const dialog = await screen.findByRole('dialog')
    expect(await within(dialog).findByText(BAA_PRIMARY_USER_ONLY)).toBeVisible()
    expect(within(dialog).queryByRole('button', { name: 'Sign Agreement' })).toBeNull()
  })
})
