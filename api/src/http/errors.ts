/**
 * How failures become answers. Every error answer is JSON with a human-readable `message` (the web
 * client shows it, see shared/src/api/base-api.ts); bad input is always a 4xx and a 500 never carries
 * internals. The `message` (and each field's) is in the viewer's language (issue #21): services write
 * English and the answer is translated here (messages/), marked with `Content-Language`.
 */
import type { Language } from '@cliffhanger/shared/languages';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { answerLanguage } from './messages/answer-language';
import { translateAnswer, translateMessage } from './messages/translate';
import { fieldSentence, humanValidationText } from './messages/validation-words';

/** A failure the client can act on: thrown by services, answered as-is by the error handler. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
    /** Headers the answer carries, e.g. `Retry-After` with a 429. */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, extra?: Record<string, unknown>) => new HttpError(400, message, extra);
export const unauthorized = (message = 'Authentication credentials were not provided') => new HttpError(401, message);
export const forbidden = (message: string, extra?: Record<string, unknown>) => new HttpError(403, message, extra);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);

interface ValidationIssue {
  instancePath?: string;
  message?: string;
  params?: Record<string, unknown>;
}

/** Where the invalid value was, as a Russian sentence names it ("an error in …"). */
const RU_CONTEXTS: Record<string, string> = {
  body: 'данных запроса',
  querystring: 'параметрах адреса',
  params: 'адресе',
  headers: 'заголовках запроса',
};

/**
 * "body/email must match format "email"" → a sentence a person can read, naming the field, in the
 * viewer's language: `The email must be a valid email.`, or in Russian
 * `Поле «email» должно быть в формате «email»`. Each field's own message (shown beside it) is worded
 * the same way; a problem with no field names where it was (`Invalid body`).
 */
function describeValidation(
  error: FastifyError,
  language: Language,
): {
  message: string;
  errors: Array<{ field: string; message: string }>;
} {
  const context = error.validationContext ?? 'body';
  const issues = (error.validation ?? []) as ValidationIssue[];
  const errors = issues.map((issue) => {
    const missing = issue.params?.missingProperty;
    const extra = issue.params?.additionalProperty;
    const path = (issue.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
    const field = [path, typeof missing === 'string' ? missing : typeof extra === 'string' ? extra : '']
      .filter(Boolean)
      .join('.');
    const text =
      typeof missing === 'string'
        ? 'is required'
        : typeof extra === 'string'
          ? 'is not an accepted field'
          : (issue.message ?? 'is invalid');
    const message = language === 'en' ? humanValidationText(text) : translateMessage(text, language);
    return { field: field || context, message };
  });
  const first = errors[0];
  if (language === 'ru') {
    const where = `Ошибка в ${RU_CONTEXTS[context] ?? context}`;
    const message =
      first && first.field !== context
        ? `Поле «${first.field}» ${first.message}`
        : first
          ? `${where}: значение ${first.message}`
          : where;
    return { message, errors };
  }
  const message =
    first && first.field !== context
      ? fieldSentence(first.field, first.message)
      : first
        ? `Invalid ${context}: ${first.message}`
        : `Invalid ${context}`;
  return { message, errors };
}

const KNOWN_CLIENT_ERRORS: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty but declared as JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type: send JSON',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The Content-Length header does not match the body',
};

/**
 * PostgreSQL refuses text holding U+0000 (SQLSTATE 22021 in text columns and parameters, 22P05 in
 * JSON), which JSON and URLs carry without complaint: that is the request's fault, not the server's.
 * SQLite stores such text as given.
 */
const UNSTORABLE_TEXT_STATES = new Set(['22021', '22P05']);
export const UNSTORABLE_TEXT_MESSAGE =
  'The request contains a character the server cannot accept (U+0000, the NUL character). Remove it and try again.';

function statusOf(error: FastifyError): number {
  if (error instanceof HttpError) return error.statusCode;
  if (error.validation) return 400;
  if (error.statusCode === undefined && UNSTORABLE_TEXT_STATES.has(error.code)) return 400;
  return error.statusCode ?? 500;
}

export async function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status = statusOf(error);
  // The viewer's stored language is looked up only where that is cheap and safe: not for the rate
  // limiter's 429 (a flood must not cost a query each) nor a 5xx (the database may be what failed).
  const language = await answerLanguage(request, reply, { lookUpStored: status !== 429 && status < 500 });
  if (error instanceof HttpError) {
    return reply
      .status(status)
      .headers(error.headers)
      .send(translateAnswer({ message: error.message, ...error.extra }, language));
  }
  if (error.validation) {
    return reply.status(400).send(describeValidation(error, language));
  }
  if (error.statusCode === undefined && UNSTORABLE_TEXT_STATES.has(error.code)) {
    return reply.status(400).send({ message: translateMessage(UNSTORABLE_TEXT_MESSAGE, language) });
  }
  if (status >= 400 && status < 500) {
    // Fastify's own client errors (bad JSON, size, media type) and the rate limiter's 429.
    const message = (error.code && KNOWN_CLIENT_ERRORS[error.code]) || error.message || 'Bad request';
    return reply.status(status).send({ message: translateMessage(message, language) });
  }
  request.log.error({ err: error }, 'request failed');
  return reply
    .status(500)
    .send({ message: translateMessage('Something went wrong on our side. Please try again.', language) });
}
