/**
 * One handler turns every failure into the envelope `{ success:false, code, message, fields? }`.
 * AppError carries the user's text; validation failures name each field; framework 4xx errors get
 * our own texts; anything else is a 500 whose cause is logged, never echoed.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import {
  NETWORK_UNREACHABLE,
  EMPTY_JSON_BODY,
  FILE_TOO_LARGE,
  INVALID_CONTENT_LENGTH,
  INVALID_JSON_BODY,
  NOT_MULTIPART,
  TOO_MANY_FILES,
  TOO_MANY_PARTS,
  UNRECOGNIZED_FIELDS,
  VALIDATION_FAILED,
} from '@myodocs/shared/constants/messages'
import { ERROR_CODES } from '@myodocs/shared/contracts/envelope'
import type { ApiFailure, ErrorCode } from '@myodocs/shared/contracts/envelope'
import { isDatabaseError, isDatabaseUnavailable } from '../db/unavailable'
import { AppError } from '../lib/errors'

/** Seconds a client should wait after a database outage; the pool reconnects on the next query. */
const DATABASE_RETRY_AFTER_SECONDS = 5

type ValidationIssue = { instancePath: string; message?: string; keyword?: string }

/** Maps validation issues to `{ 'a.b': message }`, first message per field. */
export function fieldsFromIssues(issues: ValidationIssue[]): {
  fields: Record<string, string>
  root?: string
} {
  const fields: Record<string, string> = {}
  let root: string | undefined
  for (const issue of issues) {
    const segments = issue.instancePath.replace(/^\//, '').split('/')
    // A bad record key is named in the path: the field is the record, not the attacker's key.
    if (issue.keyword === 'invalid_key') segments.pop()
    const key = segments.join('.')
    // zod's text for an unknown key names it: an attacker's input must not come back.
    const message =
      issue.keyword === 'unrecognized_keys'
        ? UNRECOGNIZED_FIELDS
        : (issue.message ?? VALIDATION_FAILED)
    if (!key) root ??= message
    else fields[key] ??= message
  }
  return root === undefined ? { fields } : { fields, root }
}

const FRAMEWORK_ERRORS: Record<string, { status: number; code: ErrorCode; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    code: 'PAYLOAD_TOO_LARGE',
    message: ERROR_CODES.PAYLOAD_TOO_LARGE,
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: ERROR_CODES.UNSUPPORTED_MEDIA_TYPE,
  },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'BAD_REQUEST', message: INVALID_JSON_BODY },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'BAD_REQUEST', message: EMPTY_JSON_BODY },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    code: 'BAD_REQUEST',
    message: INVALID_CONTENT_LENGTH,
  },
  FST_CSRF_MISSING_SECRET: {
    status: 403,
    code: 'INVALID_CSRF_TOKEN',
    message: ERROR_CODES.INVALID_CSRF_TOKEN,
  },
  FST_CSRF_INVALID_TOKEN: {
    status: 403,
    code: 'INVALID_CSRF_TOKEN',
    message: ERROR_CODES.INVALID_CSRF_TOKEN,
  },
  FST_INVALID_MULTIPART_CONTENT_TYPE: { status: 406, code: 'BAD_REQUEST', message: NOT_MULTIPART },
  FST_REQ_FILE_TOO_LARGE: { status: 413, code: 'PAYLOAD_TOO_LARGE', message: FILE_TOO_LARGE },
  FST_FILES_LIMIT: { status: 413, code: 'PAYLOAD_TOO_LARGE', message: TOO_MANY_FILES },
  FST_PARTS_LIMIT: { status: 413, code: 'PAYLOAD_TOO_LARGE', message: TOO_MANY_PARTS },
  FST_ERR_VALIDATION: { status: 400, code: 'VALIDATION_ERROR', message: VALIDATION_FAILED },
}

export function sendFailure(
  reply: FastifyReply,
  status: number,
  body: ApiFailure & Record<string, unknown>,
) {
  return reply.status(status).type('application/json; charset=utf-8').send(body)
}

export function errorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | AppError, req: FastifyRequest, reply: FastifyReply) => {
    const internal = err instanceof AppError ? err.status >= 500 && err.cause : err
    if (internal && isDatabaseUnavailable(internal)) {
      req.server.metrics.databaseError('unavailable')
      // An outage is not a bug: the browser shows the network text and may retry.
      req.log.warn({ err: internal }, 'database unavailable')
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
      return sendFailure(reply, 503, {
        success: false,
        code: 'SERVICE_UNAVAILABLE',
        message: NETWORK_UNREACHABLE,
      })
    }
    if (internal && isDatabaseError(internal)) req.server.metrics.databaseError('query')
    if (err instanceof AppError) {
      if (err.headers) reply.headers(err.headers)
      // A mail server that refused a send is the account's problem, not ours: the send path
      // already logged it at warn with its failure class, so no stack here.
      if (err.code === 'MAIL_DELIVERY_FAILED')
        req.log.warn({ code: err.code, failure: err.extra?.failure }, 'send refused')
      else if (err.status >= 500)
        req.log.error({ err: err.cause ?? err, code: err.code }, 'request failed')
      const body: ApiFailure & Record<string, unknown> = {
        ...err.extra,
        success: false,
        code: err.code,
        message: err.userMessage,
        ...(err.fields ? { fields: err.fields } : {}),
        ...(err.code === 'INVALID_CSRF_TOKEN' ? { error: err.userMessage } : {}),
      }
      return sendFailure(reply, err.status, body)
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const { fields, root } = fieldsFromIssues(err.validation)
      const first = root ?? Object.values(fields)[0] ?? VALIDATION_FAILED
      return sendFailure(reply, 400, {
        success: false,
        code: 'VALIDATION_ERROR',
        message: first,
        fields,
      })
    }
    const known = err.code ? FRAMEWORK_ERRORS[err.code] : undefined
    if (known) {
      const body: ApiFailure = { success: false, code: known.code, message: known.message }
      if (known.code === 'INVALID_CSRF_TOKEN') body.error = known.message
      return sendFailure(reply, known.status, body)
    }
    const status = typeof err.statusCode === 'number' ? err.statusCode : 500
    if (status >= 400 && status < 500) {
      // Other framework 4xx errors: their own status, our text (their messages can name internals).
      req.log.info({ code: err.code, status }, 'client error')
      return sendFailure(reply, status, {
        success: false,
        code: status === 404 ? 'NOT_FOUND' : 'BAD_REQUEST',
        message: status === 404 ? ERROR_CODES.NOT_FOUND : ERROR_CODES.BAD_REQUEST,
      })
    }
    if (status === 503) {
      return sendFailure(reply, 503, {
        success: false,
        code: 'SERVICE_UNAVAILABLE',
        message: ERROR_CODES.SERVICE_UNAVAILABLE,
      })
    }
    // The logger's error serializer keeps the class, code, query fingerprint and stack frames only.
    req.log.error({ err }, 'unhandled error')
    return sendFailure(reply, 500, {
      success: false,
      code: 'INTERNAL_ERROR',
      message: ERROR_CODES.INTERNAL_ERROR,
    })
  })
}
