/**
 * The button look as a class string, for links and plain buttons styled as buttons. Kept apart
 * from button.tsx and joined with clsx rather than `cn` so the public pages' first paint does not
 * pull in tailwind-merge (docs/product/limits.md#performance-budgets); sizes and variants never set the same
 * property, so there is nothing to merge.
 */
import { clsx } from 'clsx'

export const buttonVariants = {
  primary: 'bg-brand-700 text-white hover:bg-brand-800 disabled:bg-brand-700/60',
  secondary: 'bg-brand-50 text-brand-800 hover:bg-brand-100',
  outline: 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
  ghost: 'text-slate-700 hover:bg-slate-100',
  danger: 'bg-red-600 text-white hover:bg-red-700 disabled:bg-red-600/60',
  /** On a dark brand background. */
  inverse: 'bg-white text-brand-900 shadow-sm hover:bg-brand-50',
  link: 'text-brand-700 underline-offset-4 hover:underline',
} as const

// On a phone the default size is a 44 px tap target (WCAG 2.5.5), sm stays above 2.5.8's 24 px.
export const buttonSizes = {
  sm: 'h-8 px-3 text-sm',
  md: 'h-11 px-4 text-sm sm:h-10',
  lg: 'h-12 px-6 text-base',
} as const

/** A link has no box: only the text size of its size. */
const linkSizes = { sm: 'text-sm', md: 'text-sm', lg: 'text-base' } as const

export type ButtonVariant = keyof typeof buttonVariants
export type ButtonSize = keyof typeof buttonSizes

export function buttonClasses(variant: ButtonVariant = 'primary', size: ButtonSize = 'md') {
  return clsx(
    'inline-flex items-center justify-center gap-2 rounded-md font-semibold transition-colors',
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
    'disabled:cursor-not-allowed',
    variant === 'link' ? linkSizes[size] : buttonSizes[size],
    buttonVariants[variant],
  )
}
