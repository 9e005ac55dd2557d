/** Schemas shared by several domains. */

import { titleTranslationsSchema } from '@cliffhanger/shared/contracts';
import { SUPPORTED_LANGUAGES } from '@cliffhanger/shared/languages';
import { type TSchema, Type } from '@sinclair/typebox';

export const MessageSchema = Type.Object({ message: Type.String() });

export const ErrorSchema = Type.Object(
  {
    message: Type.String(),
    errors: Type.Optional(Type.Array(Type.Object({ field: Type.String(), message: Type.String() }))),
  },
  { additionalProperties: true },
);

/** Path ids: positive integers; anything else is a 400, an unknown number a 404. */
export const IdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });

/** A row id: stored as a 32-bit integer, so anything larger is a 400, not a database error. */
export const Id = IdParams.properties.id;

export const PageQuery = {
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
};

/**
 * The answers every route may give besides its success answer, for the OpenAPI document. 414 (a path
 * segment over the router's limit) and 431 (a request line or headers over the server's limit) are
 * given before any handler runs.
 */
export function withErrors<T extends Record<number, TSchema>>(responses: T) {
  return {
    ...responses,
    400: ErrorSchema,
    401: ErrorSchema,
    403: ErrorSchema,
    404: ErrorSchema,
    413: ErrorSchema,
    414: ErrorSchema,
    415: ErrorSchema,
    429: ErrorSchema,
    431: ErrorSchema,
  };
}

export { Nullable, Paged } from '@cliffhanger/shared/contracts';

/**
 * A path on this site to come back to after paying or cancelling: a single leading slash (never `//`,
 * which a browser reads as another site), then path characters only. Written without look-ahead so the
 * contract's own fuzzer can generate it.
 */
export const ReturnToPath = Type.String({ pattern: '^/([A-Za-z0-9_.-][A-Za-z0-9/_.-]{0,199})?$', maxLength: 201 });

/**
 * A name by language, `{ ru: { title } }` (shared/src/localized-text.ts): a key per interface language
 * and nothing else, each with an optional title of at most `maxLength` characters. Genres, coin packs,
 * Gold plans and the first-purchase offer are named this way; viewers see their language's title, else
 * the one staff wrote.
 */
export { titleTranslationsSchema };

/** Every interface language has its key above: a language added to SUPPORTED_LANGUAGES fails to compile here. */
const TITLE_LANGUAGES: ReadonlyArray<keyof ReturnType<typeof titleTranslationsSchema>['properties']> =
  SUPPORTED_LANGUAGES;

/**
 * What is kept of names by language that passed `titleTranslationsSchema`: each title trimmed, and no
 * language without one; undefined when none is left, so an item staff gave no translation stays as it was.
 */
export function cleanTitleTranslations(value: unknown): Record<string, { title: string }> | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const clean: Record<string, { title: string }> = {};
  for (const language of TITLE_LANGUAGES) {
    const title = (value as Record<string, { title?: unknown } | undefined>)[language]?.title;
    if (typeof title === 'string' && title.trim()) clean[language] = { title: title.trim() };
  }
  return Object.keys(clean).length > 0 ? clean : undefined;
}
