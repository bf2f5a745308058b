import { Slot } from 'radix-ui'
import type { ButtonHTMLAttributes } from 'react'
import { Loader2 } from 'lucide-react'
import { cn } from '../../lib/cn'
import { buttonClasses } from './button-classes'
import type { ButtonSize, ButtonVariant } from './button-classes'

export { buttonClasses }

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant
  size?: ButtonSize
  /** Shows a spinner and disables the button while an action runs. */
  pending?: boolean
  /** Renders the child element (e.g. a router Link) with the button's look. */
  asChild?: boolean
}

export function Button({
  variant = 'primary',
  size = 'md',
  pending = false,
  asChild = false,
  className,
  disabled,
  children,
  type,
  ...props
}: ButtonProps) {
  if (asChild) {
    return (
      <Slot.Root className={cn(buttonClasses(variant, size), className)} {...props}>
        {children}
      </Slot.Root>
    )
  }
  return (
    <button
      type={type ?? 'button'}
      className={cn(buttonClasses(variant, size), className)}
      disabled={disabled || pending}
      aria-busy={pending || undefined}
      {...props}
    >
      {pending && <Loader2 className="size-4 animate-spin" aria-hidden />}
      {children}
    </button>
  )
}
