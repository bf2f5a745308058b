/**
 * The form pieces every form is built from: a field names its label, hint and error for screen
 * readers (the error replaces the hint), a pending button cannot be pressed twice, and an API
 * failure's `fields` land under their inputs while the form-level message is kept for what no
 * field carries.
 */
import { render, renderHook, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useForm } from 'react-hook-form'
import { describe, expect, it, vi } from 'vitest'
import { GENERIC_ERROR } from '@myodocs/shared/constants/messages'
import { ApiError } from '../../lib/api-client'
import { Button } from './button'
import { SelectField, TextAreaField, TextField } from './field'
import { applyServerErrors, FormError, serverFormError } from './form'

describe('fields', () => {
  it('a hint describes the input until an error replaces it', () => {
    const { rerender } = render(<TextField label="Email" hint="Your work address" />)
    const input = screen.getByLabelText('Email')
    expect(input).toHaveAccessibleDescription('Your work address')
    expect(input).not.toHaveAttribute('aria-invalid')

    rerender(<TextField label="Email" hint="Your work address" error="Email is invalid" />)
    expect(input).toHaveAttribute('aria-invalid', 'true')
    expect(input).toHaveAccessibleDescription('Email is invalid')
    expect(screen.getByRole('alert')).toHaveTextContent('Email is invalid')
    expect(screen.queryByText('Your work address')).toBeNull()
  })

  it('a required field marks its label and the control', () => {
    render(<TextField label="First name" required />)
    expect(screen.getByRole('textbox', { name: /First name/ })).toBeRequired()
  })

  it('text areas and selects carry their errors the same way', () => {
    render(
      <>
        <TextAreaField label="Signature" error="Too long" />
        <SelectField label="Security" error="Choose one">
          <option value="tls">TLS</option>
        </SelectField>
      </>,
    )
    expect(screen.getByLabelText('Signature')).toHaveAccessibleDescription('Too long')
    expect(screen.getByLabelText('Security')).toHaveAttribute('aria-invalid', 'true')
  })
})

describe('Button', () => {
  it('while pending it is busy and cannot be pressed', async () => {
    const onClick = vi.fn()
    render(
      <Button pending onClick={onClick}>
        Save
      </Button>,
    )
    const button = screen.getByRole('button', { name: 'Save' })
    expect(button).toBeDisabled()
    expect(button).toHaveAttribute('aria-busy', 'true')
    await userEvent.setup().click(button)
    expect(onClick).not.toHaveBeenCalled()
  })
})

describe('server errors on a form', () => {
  const useNameForm = () => useForm<{ name: string; email: string }>()

  it('puts each of a 400’s fields under its input and says nothing twice at the top', () => {
    const { result } = renderHook(useNameForm)
    const err = new ApiError('Validation failed', 400, 'VALIDATION_ERROR', {
      email: 'Email is invalid',
    })
    expect(serverFormError(result.current, err)).toBeNull()
    expect(result.current.getFieldState('email').error?.message).toBe('Email is invalid')
    expect(result.current.getFieldState('name').error).toBeUndefined()
  })

  it('a failure without fields is the form’s message; anything else the generic text', () => {
    const { result } = renderHook(useNameForm)
    const conflict = new ApiError('Already invited', 409, 'CONFLICT')
    expect(serverFormError(result.current, conflict)).toBe('Already invited')
    expect(applyServerErrors(result.current, new TypeError('x'))).toBe(GENERIC_ERROR)
  })

  it('FormError shows a message as an alert, and nothing without one', () => {
    const { rerender } = render(<FormError message={null} />)
    expect(screen.queryByRole('alert')).toBeNull()
    rerender(<FormError message="Already invited" />)
    expect(screen.getByRole('alert')).toHaveTextContent('Already invited')
  })
})
