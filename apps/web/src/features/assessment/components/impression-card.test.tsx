/**
 * The Impression (docs/product/documents.md#assessment-report): the therapist's own words go to
 * the report as typed; the draft from the scored findings is offered, used only when asked, and
 * its button says whether it fills or replaces what is there.
 */
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { PATIENT_DATA_LABELS } from '@myodocs/shared/constants/document-messages'
import { suggestedImpression } from '@myodocs/shared/domain/assessment-findings'
import type { Assessment } from '../assessment-state'
import { newAssessment, setItemValue, setPatientField } from '../assessment-state'
import { ImpressionCard } from './impression-card'

/** The card on a live assessment, as the page holds it. */
function Host({ initial }: { initial: Assessment }) {
  const [assessment, setAssessment] = useState(initial)
  return (
    <>
      <ImpressionCard
        assessment={assessment}
        onChange={(value) => setAssessment((a) => setPatientField(a, 'impression', value))}
      />
      <p data-testid="kept">{assessment.patientData.impression}</p>
    </>
  )
}

const withFinding = () => setItemValue(newAssessment(), 'dental', 'overjet_mm', 6)

describe('the Impression', () => {
  it('offers the draft of the findings and keeps nothing until it is used', async () => {
    const assessment = withFinding()
    render(<Host initial={assessment} />)
    const draft = suggestedImpression(assessment)
    expect(screen.getByTestId('impression-draft')).toHaveTextContent(draft)
    expect(screen.getByTestId('kept')).toBeEmptyDOMElement()
    await userEvent.setup().click(screen.getByRole('button', { name: 'Use the suggested draft' }))
    expect(screen.getByRole('textbox', { name: PATIENT_DATA_LABELS.impression })).toHaveValue(draft)
    expect(screen.getByTestId('kept')).toHaveTextContent(draft)
    // The draft is what is there now: nothing to use again.
    expect(screen.getByRole('button', { name: /suggested draft/ })).toBeDisabled()
  })

  it('typed words are kept as typed, and the draft then offers to replace them', async () => {
    const user = userEvent.setup()
    render(<Host initial={withFinding()} />)
    await user.type(
      screen.getByRole('textbox', { name: PATIENT_DATA_LABELS.impression }),
      'Low tongue rest.',
    )
    expect(screen.getByTestId('kept')).toHaveTextContent('Low tongue rest.')
    const replace = screen.getByRole('button', { name: 'Replace with the suggested draft' })
    expect(replace).toBeEnabled()
    await user.click(replace)
    await waitFor(() =>
      expect(screen.getByTestId('kept')).not.toHaveTextContent('Low tongue rest.'),
    )
  })
})
