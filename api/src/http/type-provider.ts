/**
 * Route typing from TypeBox schemas. TypeBox 0.34 (`@sinclair/typebox`) produces plain JSON Schema,
 * so Fastify's own Ajv validates it and @fastify/swagger documents it; this provider only carries the
 * static types into handlers. (The published @fastify/type-provider-typebox 6 is built on `typebox`
 * 1.x, a different package from the `@sinclair/typebox` 0.34 every schema here is written in.)
 */
import type { Static, TSchema } from '@sinclair/typebox';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyTypeProvider,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';

export interface TypeBoxTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends TSchema ? Static<this['schema']> : unknown;
  serializer: this['schema'] extends TSchema ? Static<this['schema']> : unknown;
}

export type TypedFastify = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;
