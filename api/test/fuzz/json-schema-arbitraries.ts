/**
 * fast-check arbitraries from JSON Schema (the subset TypeBox emits and @fastify/swagger documents):
 * values a schema accepts, and values of the wrong kind for it. Ids are biased towards the small
 * numbers that exist in a seeded database, so valid requests reach the handlers and not only the 404s.
 */
import fc from 'fast-check';

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
  nullable?: boolean;
  $ref?: string;
  [keyword: string]: unknown;
};

/** The largest string a "valid" value gets when the schema sets no maxLength. */
const OPEN_STRING_LENGTH = 40;
/** Ids that exist (or nearly) in the seeded fuzz database. */
const SMALL_IDS = fc.integer({ min: 1, max: 16 });

const types = (schema: JsonSchema): string[] =>
  schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];

/**
 * Text of every kind: printable ASCII most of the time, sometimes any code unit (lone surrogates), and
 * sometimes a NUL character, which PostgreSQL cannot store.
 */
function text(minLength: number, maxLength: number): fc.Arbitrary<string> {
  const withNul = fc
    .string({ minLength: Math.max(0, minLength - 1), maxLength: Math.max(0, maxLength - 1) })
    .chain((rest) => fc.nat(rest.length).map((at) => `${rest.slice(0, at)}\u0000${rest.slice(at)}`));
  return fc.oneof(
    { arbitrary: fc.string({ minLength, maxLength }), weight: 4 },
    { arbitrary: fc.string({ minLength, maxLength, unit: 'grapheme' }), weight: 1 },
    { arbitrary: fc.string({ minLength, maxLength, unit: 'binary' }), weight: 1 },
    ...(maxLength >= 1 ? [{ arbitrary: withNul, weight: 1 }] : []),
  );
}

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = schema.maxLength ?? Math.max(minLength, OPEN_STRING_LENGTH);
  const fits = (value: string) => value.length >= minLength && value.length <= maxLength;
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern)).filter(fits);
  switch (schema.format) {
    case 'email':
      return fc
        .oneof(fc.emailAddress(), fc.stringMatching(/^[a-z][a-z0-9]{0,12}@[a-z]{1,8}\.(com|org|app)$/))
        .filter(fits);
    case 'uuid':
      return fc.uuid();
    case 'date-time':
      return fc
        .date({ min: new Date('1970-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
        .map((date) => date.toISOString());
    case 'date':
      return fc
        .date({ min: new Date('1970-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
        .map((date) => date.toISOString().slice(0, 10));
    case 'uri':
    case 'url':
      return fc.webUrl().filter(fits);
    default:
      return text(minLength, maxLength);
  }
}

function integerArbitrary(schema: JsonSchema, name: string): fc.Arbitrary<number> {
  const min = schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : (schema.minimum ?? -2_147_483_648);
  const max = schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : (schema.maximum ?? 2_147_483_647);
  const any = fc.integer({ min, max });
  if (/(^|_)id$|Id$/.test(name) && min <= 16 && max >= 1) {
    return fc.oneof(
      { arbitrary: SMALL_IDS.filter((id) => id >= min && id <= max), weight: 3 },
      { arbitrary: any, weight: 1 },
    );
  }
  return any;
}

function numberArbitrary(schema: JsonSchema): fc.Arbitrary<number> {
  const min = schema.minimum ?? schema.exclusiveMinimum ?? -1e9;
  const max = schema.maximum ?? schema.exclusiveMaximum ?? 1e9;
  return fc
    .double({ min, max, noNaN: true, noDefaultInfinity: true })
    .filter(
      (value) =>
        (schema.exclusiveMinimum === undefined || value > schema.exclusiveMinimum) &&
        (schema.exclusiveMaximum === undefined || value < schema.exclusiveMaximum),
    );
}

/** Values the schema accepts. `name` is the property or parameter the value goes into. */
export function validValue(schema: JsonSchema, name = ''): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((alternative) => validValue(alternative, name)));
  if (schema.allOf && schema.allOf.length === 1) return validValue(schema.allOf[0] as JsonSchema, name);
  const kinds = types(schema);
  if (kinds.length > 1) return fc.oneof(...kinds.map((type) => validValue({ ...schema, type }, name)));
  switch (kinds[0]) {
    case 'string':
      return stringArbitrary(schema);
    case 'integer':
      return integerArbitrary(schema, name);
    case 'number':
      return numberArbitrary(schema);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(validValue(schema.items ?? {}, name), {
        minLength: schema.minItems ?? 0,
        maxLength: schema.maxItems ?? Math.max(schema.minItems ?? 0, 5),
      });
    case 'object':
      return objectArbitrary(schema);
    default:
      // An open schema (`Type.Unknown()`): any JSON.
      return fc.jsonValue({ maxDepth: 3 });
  }
}

function objectArbitrary(schema: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, property] of Object.entries(properties)) model[key] = validValue(property, key);
  const record = fc.record(model, { requiredKeys: (schema.required ?? []).filter((key) => key in properties) });
  if (schema.additionalProperties === false || Object.keys(properties).length > 0) return record;
  // A free-form object: a few keys of its own.
  const values =
    typeof schema.additionalProperties === 'object'
      ? validValue(schema.additionalProperties)
      : fc.jsonValue({ maxDepth: 2 });
  return fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), values, { maxKeys: 4 });
}

/** A JSON value of a different kind than the schema asks for (it may, rarely, still be accepted). */
export function wrongKindValue(schema: JsonSchema): fc.Arbitrary<unknown> {
  const kinds = new Set(types(schema));
  const candidates: Array<[string, fc.Arbitrary<unknown>]> = [
    ['string', fc.oneof(fc.constantFrom('', 'abc', '1', 'true', 'null', '-1', '1e400'), fc.string({ maxLength: 20 }))],
    ['integer', fc.oneof(fc.constantFrom(-1, 0, 2_147_483_648, -2_147_483_649, Number.MAX_SAFE_INTEGER), fc.integer())],
    ['number', fc.constantFrom(1.5, -0.5, 1e308, -1e308, 5e-324)],
    ['boolean', fc.boolean()],
    ['null', fc.constant(null)],
    ['array', fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 })],
    ['object', fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 })],
  ];
  const wrong = candidates.filter(([type]) => !kinds.has(type) && !(type === 'integer' && kinds.has('number')));
  return fc.oneof(...wrong.map(([, arbitrary]) => arbitrary));
}

/** Values at and past the schema's limits: too long, too short, out of range, or simply huge. */
export function outOfRangeValue(schema: JsonSchema): fc.Arbitrary<unknown> {
  const kinds = types(schema);
  if (kinds.includes('string')) {
    const max = schema.maxLength ?? 1000;
    return fc.oneof(
      fc.integer({ min: max + 1, max: max + 64 }).map((length) => 'x'.repeat(length)),
      fc.integer({ min: 10_000, max: 200_000 }).map((length) => 'é'.repeat(length)),
      ...(schema.minLength ? [fc.constant('x'.repeat(schema.minLength - 1))] : []),
    );
  }
  if (kinds.includes('integer') || kinds.includes('number')) {
    const limits: number[] = [-1, 0, 1e21, -1e21, 2 ** 53, 2 ** 31];
    if (schema.minimum !== undefined) limits.push(schema.minimum - 1);
    if (schema.maximum !== undefined) limits.push(schema.maximum + 1);
    return fc.constantFrom(...limits);
  }
  if (kinds.includes('array')) {
    return fc.array(validValue(schema.items ?? {}), {
      minLength: (schema.maxItems ?? 50) + 1,
      maxLength: (schema.maxItems ?? 50) + 3,
    });
  }
  return wrongKindValue(schema);
}
