/**
 * OpenAPI generated from the route schemas (zod), served at /api/docs outside production or when
 * API_DOCS=true. The JSON document is at /api/docs/json.
 */
import fp from 'fastify-plugin'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import { jsonSchemaTransform } from 'fastify-type-provider-zod'

export const openApiPlugin = fp(async (app) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'MyoDocs API',
        version: app.config.version,
        description:
          'Every answer is JSON: `{success:true,data}` or `{success:false,code,message,fields?}`. ' +
          'State-changing calls outside the CSRF exempt list need the `x-csrf-token` header from ' +
          '`GET /api/csrf-token`. Operator calls under /api/admin need `Authorization: Bearer <ADMIN_TOKEN>`.',
      },
      components: {
        securitySchemes: {
          adminToken: {
            type: 'http',
            scheme: 'bearer',
            description:
              'ADMIN_TOKEN. A wrong token answers 401; past 10 wrong ones from an address in 15 ' +
              'minutes every call from it answers 429 with Retry-After, the right token too.',
          },
          csrfToken: { type: 'apiKey', in: 'header', name: 'x-csrf-token' },
        },
      },
    },
    transform: jsonSchemaTransform,
  })
  if (app.config.apiDocs) {
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      staticCSP: true,
      // Swagger UI sets a few inline styles; scripts stay 'self' only.
      transformStaticCSP: (header) =>
        header.replace(/style-src [^;]*/, "style-src 'self' 'unsafe-inline'"),
    })
  }
})
