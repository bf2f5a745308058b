/**
 * The legal gate (docs/product/legal.md): what stands in place of a template until the Terms,
 * the BAA and the attestation are accepted; each requirement met or missing (a new version, and
 * the BAA a member cannot sign, say so), Check Status Again and the way to Legal & Compliance.
 */
import { screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { BAA_PRIMARY_USER_ONLY, LEGAL_PROMPTS, LEGAL_TITLES } from '@myodocs/shared/contracts/legal'
import type { LegalDocumentKind, LegalStatus } from '@myodocs/shared/contracts/legal'
import {
  CHECK_STATUS_AGAIN,
  GO_TO_LEGAL_AND_COMPLIANCE,
  LEGAL_GATE_TITLE,
} from '@myodocs/shared/constants/messages'
import { paths } from '../../../lib/paths'
import { renderScreen } from '../../../../test/render'
import { LegalGate } from './legal-gate'

const stale: LegalStatus = {
  id: null,
  isAccepted: false,
  accepted: false,
  acceptedAt: null,
  documentVersion: '1.0',
  currentVersion: '2.0',
  stale: true,
  signature: null,
}

function renderGate({
  accepted = { baa: false, terms: true, 'email-provider-attestation': false },
  statuses = {},
  isPrimaryUser = true,
  checking = false,
}: {
  accepted?: Record<LegalDocumentKind, boolean>
  statuses?: Partial<Record<LegalDocumentKind, LegalStatus>>
  isPrimaryUser?: boolean
  checking?: boolean
} = {}) {
  const onCheckAgain = vi.fn()
  const view = renderScreen(
    <LegalGate
      templateName="Assessment"
      accepted={accepted}
      statuses={{
        baa: undefined,
        terms: undefined,
        'email-provider-attestation': undefined,
        ...statuses,
      }}
      percentage={33}
      isPrimaryUser={isPrimaryUser}
      checking={checking}
      onCheckAgain={onCheckAgain}
      legalPath={paths.legalSettings}
    />,
  )
  return { ...view, onCheckAgain }
}

const requirement = (kind: LegalDocumentKind) =>
  within(screen.getByRole('list', { name: 'Legal requirements' }))
    .getByText(LEGAL_TITLES[kind])
    .closest('li')!

describe('the legal gate', () => {
  it('lists each requirement met or missing, and how many are complete', () => {
    renderGate()
    expect(screen.getByRole('heading', { level: 1, name: 'Assessment' })).toBeVisible()
    expect(screen.getByRole('heading', { name: LEGAL_GATE_TITLE })).toBeVisible()
    expect(screen.getByText('1 of 3 complete')).toBeVisible()
    expect(requirement('terms')).toHaveTextContent(`${LEGAL_TITLES.terms}: accepted`)
    expect(requirement('baa')).toHaveTextContent(`${LEGAL_TITLES.baa}: missing`)
    expect(requirement('baa')).toHaveTextContent(LEGAL_PROMPTS.baa)
    expect(requirement('email-provider-attestation')).toHaveTextContent(
      LEGAL_PROMPTS['email-provider-attestation'],
    )
  })

  it('says a new version is in force, and that only the account holder signs the BAA', () => {
    renderGate({
      statuses: { 'email-provider-attestation': stale },
      isPrimaryUser: false,
    })
    expect(requirement('email-provider-attestation')).toHaveTextContent(
      'A new version (2.0) is in force.',
    )
    expect(requirement('baa')).toHaveTextContent(BAA_PRIMARY_USER_ONLY)
  })

  it('checks again when asked, and leads to Legal & Compliance', async () => {
    const { user, onCheckAgain } = renderGate()
    await user.click(screen.getByRole('button', { name: CHECK_STATUS_AGAIN }))
    expect(onCheckAgain).toHaveBeenCalledTimes(1)
    expect(screen.getByRole('link', { name: GO_TO_LEGAL_AND_COMPLIANCE })).toHaveAttribute(
      'href',
      paths.legalSettings,
    )
  })

  it('cannot be pressed twice while the status is being checked', () => {
    renderGate({ checking: true })
    expect(screen.getByRole('button', { name: CHECK_STATUS_AGAIN })).toBeDisabled()
  })
})
