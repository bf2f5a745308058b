/** GET /api/health, GET /api/ready, GET /api/csrf-token, GET /api/config. */
import { z } from 'zod'

export const HealthSchema = z.object({ status: z.literal('ok'), version: z.string() })
export const ReadySchema = z.object({ status: z.literal('ready'), database: z.string() })
export const CsrfTokenSchema = z.object({ csrfToken: z.string() })

/** Public, non-secret configuration the SPA needs at run time. */
export const PublicConfigSchema = z.object({
  supportEmail: z.string(),
  version: z.string(),
})
export type PublicConfig = z.infer<typeof PublicConfigSchema>
