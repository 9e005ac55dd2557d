/**
 * JSON bodies a route also accepts left out: a bare POST that means "the defaults" (logout, a staff
 * invitation, a staff cancel). The route says so once, in its schema, with `[OPTIONAL_BODY]: true`;
 * from that marker
 * - `acceptMissingBodies` lets a request without a body through validation as `{}`, and
 * - `documentOptionalBodies` (the API document's `transformObject`) marks the operation's request body
 *   optional, where @fastify/swagger marks every body required.
 * @fastify/swagger copies a route schema's `x-` keys onto its operation, which is how the marker
 * reaches the document; it is removed there once read.
 */
import type { SwaggerTransformObject } from '@fastify/swagger';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hookList } from './route-hooks';

export const OPTIONAL_BODY = 'x-optional-body';

declare module 'fastify' {
  interface FastifySchema {
    /** The route also accepts a request without a body, validated as `{}` (optional-body.ts). */
    [OPTIONAL_BODY]?: boolean;
  }
}

/** Only a body left out: a JSON `null` is a body of the wrong type, refused by validation. */
async function emptyBodyWhenMissing(request: FastifyRequest) {
  if (request.body === undefined) request.body = {};
}

/** For every route registered after this whose schema carries the marker: a missing body is `{}`. */
export function acceptMissingBodies(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    if (!route.schema?.[OPTIONAL_BODY]) return;
    route.preValidation = [emptyBodyWhenMissing, ...hookList(route.preValidation)];
  });
}

type Operation = { [OPTIONAL_BODY]?: boolean; requestBody?: { required?: boolean } };

/** The API document's transformObject: the request body is optional on every operation whose route carries the marker. */
export const documentOptionalBodies: SwaggerTransformObject = (document) => {
  if (!('openapiObject' in document)) return document.swaggerObject;
  const paths = (document.openapiObject.paths ?? {}) as Record<string, Record<string, Operation>>;
  for (const methods of Object.values(paths)) {
    for (const operation of Object.values(methods)) {
      if (typeof operation !== 'object' || operation === null || !(OPTIONAL_BODY in operation)) continue;
      if (operation[OPTIONAL_BODY] && operation.requestBody) operation.requestBody.required = false;
      delete operation[OPTIONAL_BODY];
    }
  }
  return document.openapiObject;
};
