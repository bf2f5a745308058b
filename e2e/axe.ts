/**
 * axe-core for the accessibility checks. Legacy mode runs `axe.run` in the page itself: the
 * default runs `axe.runPartial` in each frame, then opens a blank page, injects axe-core a second
 * time and finishes there, which doubled the time of each pass (docs/decisions/019-ci-time.md).
 * The one difference: cross-origin frames go untested, and the audited pages have none.
 */
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'

export const axeBuilder = (page: Page) => new AxeBuilder({ page }).setLegacyMode()
