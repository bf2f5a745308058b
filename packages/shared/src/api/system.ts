/**
 * The system calls: liveness, readiness, the CSRF token and the web app's public configuration,
 * all open to anyone.
 */
import { z } from 'zod'
import { successEnvelope } from '../contracts/envelope'
import { CsrfTokenSchema, HealthSchema, PublicConfigSchema, ReadySchema } from '../contracts/health'
import { apiCall } from './define'

const tags = ['system']

/** The system calls (modules/system). */
export const systemCalls = {
  health: apiCall({
    method: 'GET',
    path: '/api/health',
    access: 'public',
    // Named in the exempt list (docs/product/errors.md#csrf-retry), though a GET needs no token.
    csrfExempt: true,
    tags,
    summary: 'Liveness: the process answers.',
    answer: HealthSchema,
    failures: [],
  }),
  ready: apiCall({
    method: 'GET',
    path: '/api/ready',
    access: 'public',
    tags,
    summary: 'Readiness: the database answers (503 when it cannot).',
    answer: ReadySchema,
    failures: [],
  }),
  csrfToken: apiCall({
    method: 'GET',
    path: '/api/csrf-token',
    access: 'public',
    csrfExempt: true,
    tags,
    summary: 'A CSRF token for the x-csrf-token header (also sets its secret cookie).',
    description: 'The token is at the top level (`csrfToken`) and in `data`.',
    answer: successEnvelope(CsrfTokenSchema).extend({ csrfToken: z.string() }),
    bare: true,
    failures: [],
  }),
  config: apiCall({
    method: 'GET',
    path: '/api/config',
    access: 'public',
    tags,
    summary: 'Public, non-secret configuration for the web app (support address, version).',
    answer: PublicConfigSchema,
    failures: [],
  }),
}
