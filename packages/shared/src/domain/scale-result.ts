/**
 * The banded result every scorer returns, and the checks they share on their inputs
 * (docs/product/clinical-content.md#scales).
 */
import type { ScaleDefinition, ScaleResult } from './scales'

/** A scorer's input: a number, or nothing entered yet. */
export type MaybeNumber = number | null | undefined

/** True for a finite number: a blank or impossible input scores nothing. */
export const isNumber = (n: MaybeNumber): n is number => typeof n === 'number' && Number.isFinite(n)

/** The result of `definition` in the band `bandId`; a band the scale lacks is a programming error. */
export function scaleResult(
  definition: ScaleDefinition,
  bandId: string,
  value: number,
  display: string,
): ScaleResult {
  const band = definition.bands.find((b) => b.id === bandId)
  if (!band) throw new Error(`Unknown band ${bandId} of scale ${definition.id}`)
  return {
    scale: definition.id,
    value,
    display,
    band: band.id,
    label: band.label,
    severity: band.severity,
  }
}
