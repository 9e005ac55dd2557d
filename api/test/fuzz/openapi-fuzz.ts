/**
 * An OpenAPI-driven fuzzer. It reads the API's own document (`GET /api/docs/json`), derives for every
 * operation fast-check arbitraries of valid requests (path, query and JSON body from the schemas) and
 * of invalid ones (wrong types, missing or unknown fields, values past their limits, huge strings,
 * malformed or mistyped bodies, bad ids, bad tokens), and sends each generated request as every role.
 *
 * Every answer must hold to four rules:
 * - never a 5xx;
 * - a documented status, whose body validates against the documented schema (a documented text/html
 *   answer must be an HTML page labelled text/html);
 * - a 4xx changes nothing in the database (row counts of every table, checksums of the money, user
 *   and catalogue tables);
 * - a request that breaks the documented request schema never succeeds.
 *
 * The environment (app, database, tokens, snapshots) comes from fuzz-environment.ts; the CI pass
 * (api-fuzz.test.ts) and the long bench (bench/fuzz/fuzz-bench.ts) only choose how many cases to run.
 */

import { type Agent, request as httpRequest } from 'node:http';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import type { TypedFastify } from '../../src/http/type-provider';
import { listenOnFreePort } from '../support/http';
import { type JsonSchema, outOfRangeValue, validValue, wrongKindValue } from './json-schema-arbitraries';

export const ROLES = ['anonymous', 'guest', 'viewer', 'staff'] as const;
export type Role = (typeof ROLES)[number];

export type ProblemKind =
  | 'server error'
  | 'undocumented status'
  | 'undocumented body'
  | 'answer breaks its schema'
  | 'state changed on a 4xx'
  | 'invalid request accepted';

export interface Parameter {
  name: string;
  required: boolean;
  schema: JsonSchema;
}

export interface Operation {
  /** "GET /api/series/{id}/" */
  key: string;
  method: string;
  path: string;
  pathParams: Parameter[];
  query: Parameter[];
  body: JsonSchema | null;
  bodyRequired: boolean;
  /** Documented statuses, each with what its answer carries. */
  responses: Map<number, DocumentedAnswer>;
}

/** What the document says an answer with one status carries; neither means no body. */
export interface DocumentedAnswer {
  /** The schema of an application/json body. */
  json: JsonSchema | null;
  /** A text/html page. */
  html: boolean;
}

/** A generated request, before the caller's credentials are added. */
export interface FuzzRequest {
  /** "valid", or what was broken. */
  mutation: string;
  path: Record<string, string>;
  query: Array<[string, string]>;
  /** The JSON value sent, when the body is JSON. */
  json?: unknown;
  /** The raw body, when it is not `JSON.stringify(json)` (malformed, another content type, empty). */
  raw?: string;
  contentType?: string;
  /** Replaces the role's Authorization header (bad tokens). */
  authorization?: string;
}

export interface Problem {
  kind: ProblemKind;
  detail: string;
}

export interface Answer {
  status: number;
  body: string;
  contentType: string;
}

/** What the fuzzer needs of a running API: sending as a role, and seeing the database. */
export interface FuzzTarget {
  send(role: Role, method: string, url: string, headers: Record<string, string>, body?: string): Promise<Answer>;
  /** A comparable picture of the stored state; equal pictures mean nothing changed. */
  snapshot(): Promise<Record<string, string | number>>;
  /** Called after a write succeeded: puts the four callers back if the write changed who they are. */
  afterSuccessfulWrite(): Promise<void>;
  bodyLimitBytes: number;
}

/** A known gap on some routes, allowed with a reason so the pass stays green until it is fixed. */
export interface Allowance {
  operations: RegExp;
  kinds: ProblemKind[];
  /** Narrows the allowance to problems whose detail matches, e.g. one table written. */
  detail?: RegExp;
  reason: string;
}

// --- Reading the document --------------------------------------------------------------------------

type MediaContent = { content?: Record<string, { schema?: unknown }> };
type OpenApiOperation = {
  parameters?: Array<{ in: string; name: string; required?: boolean; schema: unknown }>;
  requestBody?: MediaContent & { required?: boolean };
  responses?: Record<string, MediaContent>;
};
export type OpenApiDocument = {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
};

/** Inlines `#/components/schemas/…` references and turns OpenAPI 3.0 `nullable` into JSON Schema. */
export function toJsonSchema(schema: unknown, doc: OpenApiDocument): JsonSchema {
  if (Array.isArray(schema)) return schema.map((item) => toJsonSchema(item, doc)) as unknown as JsonSchema;
  if (schema === null || typeof schema !== 'object') return schema as JsonSchema;
  const source = schema as JsonSchema;
  if (typeof source.$ref === 'string') {
    const name = source.$ref.replace('#/components/schemas/', '');
    const target = doc.components?.schemas?.[name];
    if (!target) throw new Error(`Unresolved reference ${source.$ref}`);
    return toJsonSchema(target, doc);
  }
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(source)) {
    if (key === '$id' || key === 'nullable' || key === 'example' || key === 'examples') continue;
    out[key] =
      key === 'properties'
        ? mapValues(value as Record<string, unknown>, (v) => toJsonSchema(v, doc))
        : toJsonSchema(value, doc);
  }
  if (source.nullable === true) return { anyOf: [out, { type: 'null' }] };
  return out;
}

function mapValues<T, U>(object: Record<string, T>, fn: (value: T) => U): Record<string, U> {
  return Object.fromEntries(Object.entries(object).map(([key, value]) => [key, fn(value)]));
}

/** Every operation of the document, in document order. */
export function readOperations(doc: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const parameters = operation.parameters ?? [];
      const param = (where: string) =>
        parameters
          .filter((p) => p.in === where)
          .map((p) => {
            const schema = toJsonSchema(p.schema, doc);
            // A query parameter with a default is documented as required but may be left out.
            return { name: p.name, required: !!p.required && schema.default === undefined, schema };
          });
      const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
      const responses = new Map<number, DocumentedAnswer>();
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        const schema = response.content?.['application/json']?.schema;
        responses.set(Number(status), {
          json: schema === undefined ? null : toJsonSchema(schema, doc),
          html: response.content?.['text/html'] !== undefined,
        });
      }
      operations.push({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        pathParams: param('path'),
        query: param('query'),
        body: bodySchema === undefined ? null : toJsonSchema(bodySchema, doc),
        bodyRequired: !!operation.requestBody?.required,
        responses,
      });
    }
  }
  return operations;
}

// --- Generating requests -------------------------------------------------------------------------

/** Path values that are never a valid id: text, signs, fractions, overflow, encodings, traversal. */
const BAD_PATH_VALUES = fc.oneof(
  fc.constantFrom(
    'abc',
    '-1',
    '0',
    '1.5',
    '1e3',
    '0x10',
    '99999999999',
    '2147483648',
    ' 1',
    '1 ',
    'null',
    '..',
    '\u0000',
    'ü',
    '😀',
    '%',
    "1' OR '1'='1",
  ),
  fc.string({ minLength: 1, maxLength: 10 }),
  fc.constant('9'.repeat(400)),
);

const BAD_QUERY_VALUES = fc.oneof(
  fc.constantFrom('', 'abc', '-1', '0', '1.5', '1e400', 'NaN', 'true', 'null', '[]', '{}', '\u0000', 'x'.repeat(5000)),
  fc.string({ maxLength: 20, unit: 'binary' }),
);

const BAD_TOKENS = fc.oneof(
  fc.constantFrom(
    'Bearer ',
    'Bearer garbage',
    'Bearer a.b.c',
    'Bearer eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJzdWIiOiIxIiwidHlwIjoiYWNjZXNzIn0.',
    'Basic dXNlcjpwYXNz',
    'Token wrong-static-token',
  ),
  fc.string({ maxLength: 40 }).map((text) => `Bearer ${text.replace(/[\r\n]/g, '')}`),
);

/** Text of a path segment or query value as the API receives it (after URL decoding). */
function asText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function validPath(op: Operation): fc.Arbitrary<Record<string, string>> {
  const model: Record<string, fc.Arbitrary<string>> = {};
  for (const p of op.pathParams) model[p.name] = validValue(p.schema, p.name).map(asText);
  return fc.record(model);
}

function validQuery(op: Operation): fc.Arbitrary<Array<[string, string]>> {
  if (op.query.length === 0) return fc.constant([]);
  const model: Record<string, fc.Arbitrary<string>> = {};
  for (const p of op.query) model[p.name] = validValue(p.schema, p.name).map(asText);
  const required = op.query.filter((p) => p.required).map((p) => p.name);
  return fc.record(model, { requiredKeys: required }).map((values) => Object.entries(values));
}

function validBody(op: Operation): fc.Arbitrary<unknown> {
  if (!op.body) return fc.constant(undefined);
  return validValue(op.body);
}

/**
 * Bodies a route's documented schema cannot describe (fields that must agree, values the domain
 * knows), by operation key: given the body drawn from the schema, they answer a body the handler
 * accepts. Without them such routes would only ever see their 400.
 */
export type BodyHints = Record<string, (fromSchema: fc.Arbitrary<unknown>) => fc.Arbitrary<unknown>>;

/** A valid request: every part drawn from its schema (half the bodies shaped by a hint, if any). */
export function validRequest(op: Operation, hints: BodyHints = {}): fc.Arbitrary<FuzzRequest> {
  const hint = hints[op.key];
  const body = hint ? fc.oneof(validBody(op), hint(validBody(op))) : validBody(op);
  return fc
    .record({ path: validPath(op), query: validQuery(op), json: body })
    .map(({ path, query, json }) => ({ mutation: 'valid', path, query, json }));
}

/** One broken part at a time, on top of an otherwise valid request. */
export function invalidRequest(op: Operation, hints: BodyHints = {}): fc.Arbitrary<FuzzRequest> {
  const mutations: Array<fc.Arbitrary<FuzzRequest>> = [];
  const base = validRequest(op, hints);
  const on = <T>(arbitrary: fc.Arbitrary<T>, apply: (request: FuzzRequest, value: T) => FuzzRequest) =>
    fc.tuple(base, arbitrary).map(([request, value]) => apply(request, value));

  if (op.pathParams.length > 0) {
    const names = op.pathParams.map((p) => p.name);
    mutations.push(
      on(fc.tuple(fc.constantFrom(...names), BAD_PATH_VALUES), (request, [name, value]) => ({
        ...request,
        mutation: `path: ${name} is not valid`,
        path: { ...request.path, [name]: value },
      })),
    );
    const ids = op.pathParams.filter((p) => p.schema.type === 'integer').map((p) => p.name);
    if (ids.length > 0) {
      mutations.push(
        on(
          fc.tuple(fc.constantFrom(...ids), fc.integer({ min: 100_000, max: 2_147_483_647 })),
          (request, [name, id]) => ({
            ...request,
            mutation: `path: ${name} is an unknown id`,
            path: { ...request.path, [name]: String(id) },
          }),
        ),
      );
    }
  }

  if (op.query.length > 0) {
    const byName = new Map(op.query.map((p) => [p.name, p]));
    const names = [...byName.keys()];
    mutations.push(
      on(
        fc
          .constantFrom(...names)
          .chain((name) =>
            fc.tuple(
              fc.constant(name),
              fc.oneof(BAD_QUERY_VALUES, outOfRangeValue(byName.get(name)!.schema).map(asText)),
            ),
          ),
        (request, [name, value]) => ({
          ...request,
          mutation: `query: ${name} is not valid`,
          query: [...request.query.filter(([key]) => key !== name), [name, value]],
        }),
      ),
      on(
        fc.tuple(fc.constantFrom(...names), fc.array(BAD_QUERY_VALUES, { minLength: 2, maxLength: 3 })),
        (request, [name, values]) => ({
          ...request,
          mutation: `query: ${name} given several times`,
          query: [
            ...request.query.filter(([key]) => key !== name),
            ...values.map((value): [string, string] => [name, value]),
          ],
        }),
      ),
    );
    const required = op.query.filter((p) => p.required).map((p) => p.name);
    if (required.length > 0) {
      mutations.push(
        on(fc.constantFrom(...required), (request, name) => ({
          ...request,
          mutation: `query: ${name} is missing`,
          query: request.query.filter(([key]) => key !== name),
        })),
      );
    }
  }
  // Unknown query parameters are ignored everywhere; they must never break an answer.
  mutations.push(
    on(fc.tuple(fc.string({ minLength: 1, maxLength: 12 }), BAD_QUERY_VALUES), (request, [name, value]) => ({
      ...request,
      mutation: 'query: an unknown parameter',
      query: [...request.query, [name, value]],
    })),
  );

  if (op.body) mutations.push(...bodyMutations(op, base));
  if (!op.body && op.method !== 'GET') {
    mutations.push(
      on(fc.jsonValue({ maxDepth: 2 }), (request, json) => ({
        ...request,
        mutation: 'body: sent to a route that takes none',
        json,
      })),
    );
  }
  if (op.method !== 'GET') {
    mutations.push(
      on(fc.constantFrom('{"a":', '{', '[1,', 'nul', '{"a":1}}', "{'a':1}", '\u0000'), (request, raw) => ({
        ...request,
        mutation: 'body: malformed JSON',
        raw,
        contentType: 'application/json',
      })),
      on(fc.constantFrom('', ' '), (request, raw) => ({
        ...request,
        mutation: 'body: empty but declared as JSON',
        json: undefined,
        raw,
        contentType: 'application/json',
      })),
    );
  }
  mutations.push(
    on(BAD_TOKENS, (request, authorization) => ({ ...request, mutation: 'a bad Authorization header', authorization })),
  );
  return fc.oneof(...mutations);
}

function bodyMutations(op: Operation, base: fc.Arbitrary<FuzzRequest>): Array<fc.Arbitrary<FuzzRequest>> {
  const schema = op.body as JsonSchema;
  const properties = Object.entries(schema.properties ?? {});
  const required = (schema.required ?? []).filter((name) => schema.properties?.[name]);
  const asObject = (json: unknown) =>
    json && typeof json === 'object' && !Array.isArray(json) ? (json as Record<string, unknown>) : {};
  const on = <T>(arbitrary: fc.Arbitrary<T>, apply: (request: FuzzRequest, value: T) => FuzzRequest) =>
    fc.tuple(base, arbitrary).map(([request, value]) => apply(request, value));
  const mutations: Array<fc.Arbitrary<FuzzRequest>> = [];

  if (properties.length > 0) {
    const pick = fc.constantFrom(...properties);
    mutations.push(
      on(
        pick.chain(([name, property]) => fc.tuple(fc.constant(name), wrongKindValue(property))),
        (request, [name, value]) => ({
          ...request,
          mutation: `body: ${name} of the wrong type`,
          json: { ...asObject(request.json), [name]: value },
        }),
      ),
      on(
        pick.chain(([name, property]) => fc.tuple(fc.constant(name), outOfRangeValue(property))),
        (request, [name, value]) => ({
          ...request,
          mutation: `body: ${name} past its limits`,
          json: { ...asObject(request.json), [name]: value },
        }),
      ),
    );
  }
  if (required.length > 0) {
    mutations.push(
      on(fc.constantFrom(...required), (request, name) => {
        const { [name]: _dropped, ...rest } = asObject(request.json);
        return { ...request, mutation: `body: ${name} is missing`, json: rest };
      }),
    );
  }
  if (schema.additionalProperties === false) {
    mutations.push(
      on(
        fc.tuple(fc.string({ minLength: 1, maxLength: 12 }), fc.jsonValue({ maxDepth: 1 })),
        (request, [name, value]) => ({
          ...request,
          mutation: 'body: an unknown field',
          json: { ...asObject(request.json), [name]: value },
        }),
      ),
    );
  }
  mutations.push(
    on(wrongKindValue(schema), (request, json) => ({ ...request, mutation: 'body: not the documented type', json })),
    on(fc.constantFrom('text/plain', 'application/xml', 'multipart/form-data; boundary=x'), (request, contentType) => ({
      ...request,
      mutation: 'body: another content type',
      raw: JSON.stringify(request.json ?? {}),
      contentType,
    })),
    base.map((request) => ({ ...request, mutation: 'body: missing', json: undefined })),
  );
  return mutations;
}

/** Valid requests and invalid ones, about half each. */
export function requestArbitrary(op: Operation, hints: BodyHints = {}): fc.Arbitrary<FuzzRequest> {
  return fc.oneof(validRequest(op, hints), invalidRequest(op, hints));
}

// --- Sending and judging -------------------------------------------------------------------------

/** Percent-encoding of any text; lone surrogates, which UTF-8 cannot carry, go as U+FFFD like a browser sends them. */
const encode = (text: string) => encodeURIComponent(Buffer.from(text, 'utf8').toString('utf8'));

export function urlOf(op: Operation, request: FuzzRequest): string {
  const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => encode(request.path[name] ?? ''));
  if (request.query.length === 0) return path;
  return `${path}?${request.query.map(([key, value]) => `${encode(key)}=${encode(value)}`).join('&')}`;
}

function bodyOf(request: FuzzRequest): { body?: string; contentType?: string } {
  if (request.raw !== undefined) return { body: request.raw, contentType: request.contentType };
  if (request.json === undefined) return {};
  return { body: JSON.stringify(request.json), contentType: request.contentType ?? 'application/json' };
}

/** Node's limit on a request line plus headers; a longer request is refused (431) before the API sees it. */
const MAX_HEADER_BYTES = 16 * 1024;

/** Judges answers against the document, with the same validators the server uses for requests. */
export class Judge {
  private readonly strict = addFormats(
    new Ajv({ strict: false, allErrors: false, coerceTypes: false, useDefaults: true }),
  );
  private readonly coercing = addFormats(
    new Ajv({ strict: false, allErrors: false, coerceTypes: 'array', removeAdditional: true, useDefaults: true }),
  );
  private readonly answers = addFormats(new Ajv({ strict: false, allErrors: true }));
  private readonly compiled = new WeakMap<object, ValidateFunction>();

  constructor(private readonly bodyLimitBytes: number) {}

  private validator(ajv: Ajv, schema: JsonSchema): ValidateFunction {
    let validate = this.compiled.get(schema);
    if (!validate) {
      validate = ajv.compile(schema);
      this.compiled.set(schema, validate);
    }
    return validate;
  }

  /** Why the documented request schema rejects this request, or null when it accepts it. */
  requestViolation(op: Operation, request: FuzzRequest): string | null {
    const params = (list: Parameter[], values: Record<string, unknown>, where: string): string | null => {
      const schema = {
        type: 'object',
        properties: Object.fromEntries(list.map((p) => [p.name, p.schema])),
        required: list.filter((p) => p.required).map((p) => p.name),
      };
      const validate = this.coercing.compile(schema);
      return validate(JSON.parse(JSON.stringify(values)))
        ? null
        : `${where}: ${this.coercing.errorsText(validate.errors)}`;
    };
    const path = params(op.pathParams, request.path, 'path');
    if (path) return path;
    const query: Record<string, string | string[]> = {};
    for (const [key, value] of request.query) {
      const known = query[key];
      query[key] = known === undefined ? value : Array.isArray(known) ? [...known, value] : [known, value];
    }
    const queryProblem = params(op.query, query, 'query');
    if (queryProblem) return queryProblem;
    const { body, contentType } = bodyOf(request);
    if (body !== undefined && Buffer.byteLength(body) > this.bodyLimitBytes) return 'body over the size limit';
    if (body !== undefined && contentType?.startsWith('application/json')) {
      if (body.trim() === '') return 'empty JSON body';
      try {
        JSON.parse(body);
      } catch {
        return 'malformed JSON';
      }
    }
    if (!op.body) return null;
    if (body === undefined) return op.bodyRequired ? 'body missing' : null;
    if (!contentType?.startsWith('application/json')) return `content type ${contentType}`;
    const validate = this.validator(this.strict, op.body);
    return validate(JSON.parse(body)) ? null : `body: ${this.strict.errorsText(validate.errors)}`;
  }

  /** What is wrong with an answer as far as the document goes, or null. */
  answerProblem(op: Operation, answer: Answer, request: FuzzRequest): Problem | null {
    if (answer.status === 0) {
      const { body } = bodyOf(request);
      const oversized =
        (body !== undefined && Buffer.byteLength(body) > this.bodyLimitBytes) ||
        urlOf(op, request).length > MAX_HEADER_BYTES;
      return oversized ? null : { kind: 'server error', detail: 'the connection closed without an answer' };
    }
    if (answer.status >= 500) return { kind: 'server error', detail: `answered ${answer.status}` };
    if (!op.responses.has(answer.status)) {
      return {
        kind: 'undocumented status',
        detail: `${answer.status} is not among ${[...op.responses.keys()].join(', ')}`,
      };
    }
    const documented = op.responses.get(answer.status) as DocumentedAnswer;
    if (documented.html && isHtmlType(answer.contentType)) return htmlProblem(answer);
    const schema = documented.json;
    if (schema === null) {
      if (documented.html) {
        return {
          kind: 'answer breaks its schema',
          detail: `the ${answer.status} answer is ${answer.contentType || 'without a content type'}, documented as text/html`,
        };
      }
      return answer.body === ''
        ? null
        : { kind: 'undocumented body', detail: `${answer.status} is documented without a body schema` };
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(answer.body);
    } catch {
      return {
        kind: 'answer breaks its schema',
        detail: `the ${answer.status} answer is not JSON (${answer.contentType})`,
      };
    }
    const validate = this.validator(this.answers, schema);
    if (validate(parsed)) return null;
    return { kind: 'answer breaks its schema', detail: this.answers.errorsText(validate.errors) };
  }
}

const isHtmlType = (contentType: string) => /^text\/html\s*(;|$)/i.test(contentType);

/** A documented HTML answer must be a page: text/html, a doctype or <html> first, and a closing </html>. */
function htmlProblem(answer: Answer): Problem | null {
  const text = answer.body.trimStart();
  if (/^(<!doctype html[\s>]|<html[\s>])/i.test(text) && /<\/html>\s*$/i.test(text)) return null;
  return {
    kind: 'answer breaks its schema',
    detail: `the ${answer.status} answer is labelled text/html but is not an HTML page: ${JSON.stringify(text.slice(0, 80))}`,
  };
}

export interface CaseOutcome {
  role: Role;
  status: number;
  problem: Problem | null;
}

/** Sends one request as one role and judges the answer. */
export async function runCase(
  target: FuzzTarget,
  judge: Judge,
  op: Operation,
  request: FuzzRequest,
  role: Role,
  before: Record<string, string | number>,
): Promise<{ outcome: CaseOutcome; answer: Answer; stateChanged: boolean }> {
  const { body, contentType } = bodyOf(request);
  const headers: Record<string, string> = {};
  if (contentType) headers['content-type'] = contentType;
  if (request.authorization !== undefined) headers.authorization = request.authorization;
  const answer = await target.send(role, op.method, urlOf(op, request), headers, body);
  let problem = judge.answerProblem(op, answer, request);
  let stateChanged = false;
  if (answer.status === 0 || (answer.status >= 400 && answer.status < 500)) {
    const after = await target.snapshot();
    const changed = Object.keys({ ...before, ...after }).filter((key) => before[key] !== after[key]);
    if (changed.length > 0) {
      stateChanged = true;
      problem ??= { kind: 'state changed on a 4xx', detail: `changed: ${changed.join(', ')}` };
    }
  } else if (answer.status < 400) {
    stateChanged = true;
    const violation = judge.requestViolation(op, request);
    if (violation)
      problem ??= {
        kind: 'invalid request accepted',
        detail: `answered ${answer.status} to a request breaking ${violation}`,
      };
    if (op.method !== 'GET') await target.afterSuccessfulWrite();
  }
  return { outcome: { role, status: answer.status, problem }, answer, stateChanged };
}

export interface OperationReport {
  key: string;
  cases: number;
  requests: number;
  /** Answers by status, e.g. { 200: 31, 400: 80 }. */
  statuses: Record<number, number>;
  failure: string | null;
  /** Problems that an allowance covers, counted by kind. */
  allowed: Partial<Record<ProblemKind, number>>;
  ms: number;
}

export interface FuzzOptions {
  numRuns: number;
  seed?: number;
  allowances?: Allowance[];
  roles?: readonly Role[];
  hints?: BodyHints;
}

class CaseFailure extends Error {}

/** Runs `numRuns` generated requests against one operation, each as every role; shrinks a failure. */
export async function fuzzOperation(
  target: FuzzTarget,
  judge: Judge,
  op: Operation,
  options: FuzzOptions,
): Promise<OperationReport> {
  const started = Date.now();
  const roles = options.roles ?? ROLES;
  const allowed = (problem: Problem) =>
    (options.allowances ?? []).some(
      (allowance) =>
        allowance.operations.test(op.key) &&
        allowance.kinds.includes(problem.kind) &&
        (!allowance.detail || allowance.detail.test(problem.detail)),
    );
  const report: OperationReport = {
    key: op.key,
    cases: 0,
    requests: 0,
    statuses: {},
    failure: null,
    allowed: {},
    ms: 0,
  };
  let snapshot: Record<string, string | number> | null = null;
  let shrinking = false;

  const property = fc.asyncProperty(requestArbitrary(op, options.hints), async (request) => {
    if (!shrinking) report.cases += 1;
    for (const role of roles) {
      snapshot ??= await target.snapshot();
      const { outcome, answer, stateChanged } = await runCase(target, judge, op, request, role, snapshot);
      if (stateChanged) snapshot = null;
      if (!shrinking) {
        report.requests += 1;
        report.statuses[outcome.status] = (report.statuses[outcome.status] ?? 0) + 1;
      }
      const problem = outcome.problem;
      if (!problem) continue;
      if (allowed(problem)) {
        if (!shrinking) report.allowed[problem.kind] = (report.allowed[problem.kind] ?? 0) + 1;
        continue;
      }
      shrinking = true;
      throw new CaseFailure(describeFailure(op, request, role, answer, problem));
    }
  });
  const result = await fc.check(property, { numRuns: options.numRuns, seed: options.seed });
  if (result.failed) {
    const error = result.errorInstance;
    report.failure = `${error instanceof CaseFailure ? error.message : String(error)}\n  replay: { seed: ${result.seed}, path: "${result.counterexamplePath}" } after ${result.numRuns} cases and ${result.numShrinks} shrinks`;
  }
  report.ms = Date.now() - started;
  return report;
}

const clip = (text: string, length = 600) =>
  text.length > length ? `${text.slice(0, length)}… (${text.length} characters)` : text;

export function describeFailure(
  op: Operation,
  request: FuzzRequest,
  role: Role,
  answer: Answer,
  problem: Problem,
): string {
  const { body, contentType } = bodyOf(request);
  const lines = [
    `${op.key}: ${problem.kind} — ${problem.detail}`,
    `  as:       ${role}${request.authorization !== undefined ? ` with Authorization: ${JSON.stringify(request.authorization)}` : ''}`,
    `  request:  ${op.method} ${urlOf(op, request)}   (${request.mutation})`,
  ];
  if (body !== undefined) lines.push(`  body:     ${contentType ?? '(no content type)'} ${clip(JSON.stringify(body))}`);
  lines.push(`  answer:   ${answer.status} ${clip(answer.body)}`);
  return lines.join('\n');
}

/**
 * A FuzzTarget's `send` over real HTTP with the role's bearer token (see `sendOverHttp`).
 */
export function sender(app: TypedFastify, tokens: () => Record<Role, string | null>, agent: Agent): FuzzTarget['send'] {
  return async (role, method, url, headers, body) => {
    const port = await listenOnFreePort(app);
    const token = tokens()[role];
    const all: Record<string, string> = { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers };
    return sendOverHttp({ port, agent }, method, url, all, body);
  };
}

/** The connection dropped before the answer's status line arrived. */
interface NoAnswer {
  closed: true;
  /** Whether the request went out on a kept-alive connection from an earlier request. */
  reusedConnection: boolean;
}

/**
 * One request over HTTP. A server may refuse an oversized body or request line and close the
 * connection before the client has finished writing it; when no answer arrives then, the answer is
 * recorded as status 0 ("closed without an answer"), which the judge accepts only for an oversized
 * request.
 *
 * A kept-alive connection can also be closed by the server (after a 431, say) just as the next
 * request is put on it: that request never reached the server. So a request whose reused connection
 * closed before any answer is sent once more on a fresh connection. A server that really drops
 * requests (a crash) drops the fresh one too, and that is what is reported.
 */
export async function sendOverHttp(
  target: { port: number; agent: Agent },
  method: string,
  url: string,
  headers: Record<string, string>,
  body?: string,
): Promise<Answer> {
  const all = { ...headers };
  if (body !== undefined) all['content-length'] = String(Buffer.byteLength(body));
  const first = await sendOnce(target.port, target.agent, method, url, all, body);
  if (!('closed' in first)) return first;
  const answer = first.reusedConnection ? await sendOnce(target.port, false, method, url, all, body) : first;
  return 'closed' in answer ? { status: 0, body: '', contentType: '' } : answer;
}

function sendOnce(
  port: number,
  agent: Agent | false,
  method: string,
  url: string,
  headers: Record<string, string>,
  body?: string,
): Promise<Answer | NoAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path: url, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const type = res.headers['content-type'];
        resolve({
          status: res.statusCode ?? 0,
          body: Buffer.concat(chunks).toString('utf8'),
          contentType: Array.isArray(type) ? type.join() : (type ?? ''),
        });
      });
      res.on('error', reject);
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      // Once the answer has begun, its own stream reports a failure; here no answer has arrived.
      if (['ECONNRESET', 'EPIPE'].includes(error.code ?? ''))
        resolve({ closed: true, reusedConnection: req.reusedSocket });
      else reject(error);
    });
    if (body !== undefined) req.write(body);
    req.end();
  });
}
