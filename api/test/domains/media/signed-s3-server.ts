/**
 * A minimal S3-compatible server for tests, in process on a loopback port. No maintained S3 server is
 * installable from npm (s3rver, the usual choice, is unmaintained), so this one implements just what the
 * media storage and the resumable uploads' S3 store call — PutObject (with user metadata and aws-chunked
 * bodies), GetObject, HeadObject, DeleteObject, ListObjectsV2, DeleteObjects and the multipart calls
 * (Create, UploadPart, ListParts, Complete, Abort, ListMultipartUploads), path-style — and,
 * above all, checks every write the way S3 does: it rebuilds the AWS Signature Version 4 canonical
 * request from the bytes that arrived (method, path, query, signed headers, payload hash), signs it with
 * the secret it knows, and refuses the request with 403 SignatureDoesNotMatch when the signatures differ,
 * or when the declared payload hash is not the hash of the body received.
 *
 * The verifier is written here from the published algorithm with node:crypto, independently of the SDK
 * that signs, so a request the SDK signed wrongly (or that changed on the way) fails the test.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { S3StorageConfig } from '../../../src/config';

export interface StoredObject {
  body: Buffer;
  contentType: string | undefined;
  cacheControl: string | undefined;
  /** `x-amz-meta-*` headers as sent, without the prefix. */
  metadata?: Record<string, string>;
}

/** A multipart upload in progress: its parts by number, and when it began (expiry reads this). */
export interface MultipartUpload {
  key: string;
  initiated: Date;
  parts: Map<number, Buffer>;
}

export interface SignedS3Server {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  objects: Map<string, StoredObject>;
  /** Multipart uploads begun and neither completed nor aborted, by upload id. */
  uploads: Map<string, MultipartUpload>;
  /** Every request as it arrived, with whether its signature held. */
  requests: Array<{ method: string; url: string; signed: boolean }>;
  close(): Promise<void>;
}

/** The app's media storage settings for `s3` (path-style, no public address unless `changes` give one). */
export const storageConfigFor = (s3: SignedS3Server, changes: Partial<S3StorageConfig> = {}): S3StorageConfig => ({
  bucket: s3.bucket,
  region: s3.region,
  endpoint: s3.endpoint,
  accessKeyId: s3.accessKeyId,
  secretAccessKey: s3.secretAccessKey,
  publicUrl: null,
  forcePathStyle: true,
  ...changes,
});

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding as SigV4 wants it: everything but unreserved characters. */
const rfc3986 = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

function canonicalQuery(search: string): string {
  if (!search) return '';
  return search
    .replace(/^\?/, '')
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const at = pair.indexOf('=');
      const key = decodeURIComponent(at < 0 ? pair : pair.slice(0, at));
      const value = at < 0 ? '' : decodeURIComponent(pair.slice(at + 1).replace(/\+/g, ' '));
      return [rfc3986(key), rfc3986(value)] as const;
    })
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
}

/**
 * The last step of SigV4, for signed headers and presigned addresses alike: signs the canonical request
 * with a key derived from the secret for that day and region, and compares with the signature given.
 */
function signatureMismatch(
  secretAccessKey: string,
  day: string,
  region: string,
  amzDate: string,
  canonicalRequest: string,
  signature: string,
): string | null {
  const scope = `${day}/${region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${secretAccessKey}`, day), region), 's3'), 'aws4_request');
  const expected = createHmac('sha256', signingKey).update(stringToSign).digest();
  const given = Buffer.from(signature, 'hex');
  return given.length === expected.length && timingSafeEqual(expected, given) ? null : 'signature does not match';
}

const AUTH =
  /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/;

/** Why the request's signature does not hold, or null when it does. */
function signatureProblem(
  request: IncomingMessage,
  body: Buffer,
  keys: { accessKeyId: string; secretAccessKey: string; region: string },
): string | null {
  const match = AUTH.exec(String(request.headers.authorization ?? ''));
  if (!match) return 'no SigV4 Authorization header';
  const [, accessKeyId, day, region, signedHeaderList, signature] = match as unknown as string[];
  if (accessKeyId !== keys.accessKeyId) return 'unknown access key';
  if (region !== keys.region) return 'wrong region';
  const amzDate = String(request.headers['x-amz-date'] ?? '');
  if (!amzDate.startsWith(day as string)) return 'x-amz-date does not match the credential scope';
  const payloadHash = String(request.headers['x-amz-content-sha256'] ?? '');
  const unsigned = payloadHash === 'UNSIGNED-PAYLOAD' || payloadHash === 'STREAMING-UNSIGNED-PAYLOAD-TRAILER';
  if (!unsigned && payloadHash !== sha256(body)) return 'payload hash does not match the body';
  const signedHeaders = (signedHeaderList as string).split(';');
  for (const required of ['host', 'x-amz-date', 'x-amz-content-sha256']) {
    if (!signedHeaders.includes(required)) return `${required} is not signed`;
  }
  const url = new URL(request.url ?? '/', 'http://s3.invalid');
  const rawPath = (request.url ?? '/').split('?')[0] as string;
  const canonicalHeaders = signedHeaders
    .map((name) => {
      const value = request.headers[name];
      const text = Array.isArray(value) ? value.join(',') : String(value ?? '');
      return `${name}:${text.trim().replace(/\s+/g, ' ')}\n`;
    })
    .join('');
  const canonicalRequest = [
    request.method,
    rawPath,
    canonicalQuery(url.search),
    canonicalHeaders,
    signedHeaderList,
    payloadHash,
  ].join('\n');
  return signatureMismatch(
    keys.secretAccessKey,
    day as string,
    region as string,
    amzDate,
    canonicalRequest,
    signature as string,
  );
}

/**
 * Why a presigned GET (SigV4 in the query string) does not hold, or null when it does: the same
 * canonical request as above with the query minus X-Amz-Signature, the host header and an unsigned
 * payload, and a window of X-Amz-Date + X-Amz-Expires.
 */
function presignProblem(
  request: IncomingMessage,
  keys: { accessKeyId: string; secretAccessKey: string; region: string },
  now: Date,
): string | null {
  const url = new URL(request.url ?? '/', 'http://s3.invalid');
  const q = url.searchParams;
  if (q.get('X-Amz-Algorithm') !== 'AWS4-HMAC-SHA256') return 'not a SigV4 presigned request';
  const credential = /^([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request$/.exec(q.get('X-Amz-Credential') ?? '');
  if (!credential) return 'bad credential';
  const [, accessKeyId, day, region] = credential as unknown as string[];
  if (accessKeyId !== keys.accessKeyId) return 'unknown access key';
  if (region !== keys.region) return 'wrong region';
  const amzDate = q.get('X-Amz-Date') ?? '';
  if (!amzDate.startsWith(day as string)) return 'X-Amz-Date does not match the credential scope';
  if (q.get('X-Amz-SignedHeaders') !== 'host') return 'only host may be signed here';
  const signedAt = Date.parse(
    `${amzDate.slice(0, 4)}-${amzDate.slice(4, 6)}-${amzDate.slice(6, 8)}T${amzDate.slice(9, 11)}:${amzDate.slice(11, 13)}:${amzDate.slice(13, 15)}Z`,
  );
  const expires = Number(q.get('X-Amz-Expires'));
  if (!Number.isFinite(signedAt) || !(expires > 0 && expires <= 604_800)) return 'bad date or expiry';
  if (now.getTime() > signedAt + expires * 1000) return 'Request has expired';
  const signature = q.get('X-Amz-Signature') ?? '';
  const search = [...url.searchParams.entries()]
    .filter(([name]) => name !== 'X-Amz-Signature')
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
    .join('&');
  const rawPath = (request.url ?? '/').split('?')[0] as string;
  const canonicalRequest = [
    'GET',
    rawPath,
    canonicalQuery(search),
    `host:${String(request.headers.host ?? '')}\n`,
    'host',
    'UNSIGNED-PAYLOAD',
  ].join('\n');
  return signatureMismatch(keys.secretAccessKey, day as string, region as string, amzDate, canonicalRequest, signature);
}

/** The bucket policy these tests model: only images are publicly readable, video never is. */
export const PUBLIC_READ = (key: string) => /\.(jpe?g|png|webp)$/i.test(key);

/**
 * The body of a request sent `aws-chunked` (the SDK's streaming uploads with a checksum trailer):
 * `<hex size>[;chunk-signature=…]\r\n<bytes>\r\n` repeated, a zero-size chunk, then trailers.
 */
function decodeAwsChunked(raw: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = raw.indexOf('\r\n', at);
    if (lineEnd < 0) throw new Error('aws-chunked body ends inside a chunk header');
    const size = Number.parseInt(raw.subarray(at, lineEnd).toString('latin1').split(';')[0] as string, 16);
    if (!Number.isFinite(size)) throw new Error('aws-chunked chunk size is not a number');
    if (size === 0) return Buffer.concat(parts);
    parts.push(raw.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
}

const isChunked = (request: IncomingMessage) =>
  String(request.headers['content-encoding'] ?? '').includes('aws-chunked') ||
  String(request.headers['x-amz-content-sha256'] ?? '').startsWith('STREAMING-');

function userMetadata(request: IncomingMessage): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (name.startsWith('x-amz-meta-') && typeof value === 'string') metadata[name.slice('x-amz-meta-'.length)] = value;
  }
  return metadata;
}

const etagOf = (body: Buffer) => `"${createHash('md5').update(body).digest('hex')}"`;

const xml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function sendXml(response: ServerResponse, status: number, body: string) {
  response.writeHead(status, { 'content-type': 'application/xml' });
  response.end(`<?xml version="1.0" encoding="UTF-8"?>\n${body}`);
}

function sendError(response: ServerResponse, status: number, code: string, message: string) {
  sendXml(response, status, `<Error><Code>${code}</Code><Message>${xml(message)}</Message></Error>`);
}

export async function startSignedS3Server(
  options: {
    bucket?: string;
    region?: string;
    accessKeyId?: string;
    secretAccessKey?: string;
    /** Which keys anybody may read without a signature (the bucket policy); images only by default. */
    publicRead?: (key: string) => boolean;
    now?: () => Date;
  } = {},
): Promise<SignedS3Server> {
  const publicRead = options.publicRead ?? PUBLIC_READ;
  const now = options.now ?? (() => new Date());
  const keys = {
    bucket: options.bucket ?? 'cliffhanger-media',
    region: options.region ?? 'eu-central-1',
    accessKeyId: options.accessKeyId ?? 'AKIATESTCLIFFHANGER',
    secretAccessKey: options.secretAccessKey ?? 'test-secret-0123456789abcdefghijklmnopqrstuv',
  };
  const objects = new Map<string, StoredObject>();
  const uploads = new Map<string, MultipartUpload>();
  let nextUploadId = 1;
  const requests: SignedS3Server['requests'] = [];

  const handle = (request: IncomingMessage, response: ServerResponse, body: Buffer) => {
    const url = new URL(request.url ?? '/', 'http://s3.invalid');
    const [, bucket, ...rest] = url.pathname.split('/');
    const key = rest.map(decodeURIComponent).join('/');
    // Reads without an Authorization header: presigned, or public where the bucket policy allows.
    if ((request.method === 'GET' || request.method === 'HEAD') && key && !request.headers.authorization) {
      const presigned = url.searchParams.has('X-Amz-Signature');
      const problem = presigned ? presignProblem(request, keys, now()) : null;
      requests.push({ method: request.method, url: request.url ?? '', signed: presigned && problem === null });
      if (problem) return sendError(response, 403, 'SignatureDoesNotMatch', problem);
      if (!presigned && !publicRead(key)) return sendError(response, 403, 'AccessDenied', 'Access Denied');
      return sendObject(response, request.method, bucket === keys.bucket ? objects.get(key) : undefined);
    }
    const problem = signatureProblem(request, body, keys);
    requests.push({ method: request.method ?? '', url: request.url ?? '', signed: problem === null });
    if (problem) return sendError(response, 403, 'SignatureDoesNotMatch', problem);
    if (bucket !== keys.bucket) return sendError(response, 404, 'NoSuchBucket', 'The specified bucket does not exist');
    if ((request.method === 'GET' || request.method === 'HEAD') && key && !url.searchParams.has('uploadId')) {
      return sendObject(response, request.method, objects.get(key));
    }
    return handleSigned(request, response, body, url, key);
  };

  const sendObject = (response: ServerResponse, method: string, object: StoredObject | undefined) => {
    if (!object) return sendError(response, 404, 'NoSuchKey', 'The specified key does not exist.');
    const metadata = Object.fromEntries(
      Object.entries(object.metadata ?? {}).map(([name, value]) => [`x-amz-meta-${name}`, value]),
    );
    response.writeHead(200, {
      'content-type': object.contentType ?? 'application/octet-stream',
      'cache-control': object.cacheControl ?? '',
      'content-length': object.body.length,
      etag: etagOf(object.body),
      ...metadata,
    });
    return response.end(method === 'HEAD' ? undefined : object.body);
  };

  const handleSigned = (request: IncomingMessage, response: ServerResponse, raw: Buffer, url: URL, key: string) => {
    let body = raw;
    if (isChunked(request)) {
      try {
        body = decodeAwsChunked(raw);
      } catch (error) {
        return sendError(response, 400, 'IncompleteBody', String(error));
      }
      const declared = request.headers['x-amz-decoded-content-length'];
      if (declared !== undefined && Number(declared) !== body.length) {
        return sendError(response, 400, 'IncompleteBody', 'the decoded body is not the declared length');
      }
    }
    const uploadId = url.searchParams.get('uploadId');
    if (key && uploadId !== null) return handleMultipart(request, response, body, url, key, uploadId);
    if (request.method === 'POST' && key && url.searchParams.has('uploads')) {
      const id = `upload-${nextUploadId++}`;
      uploads.set(id, { key, initiated: now(), parts: new Map() });
      return sendXml(
        response,
        200,
        `<InitiateMultipartUploadResult><Bucket>${keys.bucket}</Bucket><Key>${xml(key)}</Key><UploadId>${id}</UploadId></InitiateMultipartUploadResult>`,
      );
    }
    if (request.method === 'GET' && !key && url.searchParams.has('uploads')) {
      return sendXml(
        response,
        200,
        `<ListMultipartUploadsResult><Bucket>${keys.bucket}</Bucket><IsTruncated>false</IsTruncated>` +
          [...uploads.entries()]
            .map(
              ([id, upload]) =>
                `<Upload><Key>${xml(upload.key)}</Key><UploadId>${id}</UploadId><Initiated>${upload.initiated.toISOString()}</Initiated></Upload>`,
            )
            .join('') +
          '</ListMultipartUploadsResult>',
      );
    }
    if (request.method === 'DELETE' && key) {
      objects.delete(key);
      response.writeHead(204);
      return response.end();
    }
    if (request.method === 'PUT' && key) {
      objects.set(key, {
        body,
        contentType: request.headers['content-type'],
        cacheControl: request.headers['cache-control'],
        metadata: userMetadata(request),
      });
      response.writeHead(200, { etag: etagOf(body) });
      return response.end();
    }
    if (request.method === 'GET' && !key && url.searchParams.get('list-type') === '2') {
      const prefix = url.searchParams.get('prefix') ?? '';
      const max = Number(url.searchParams.get('max-keys') ?? 1000);
      const after = url.searchParams.get('continuation-token') ?? '';
      const matching = [...objects.keys()].filter((k) => k.startsWith(prefix) && k > after).sort();
      const page = matching.slice(0, max);
      const truncated = matching.length > page.length;
      return sendXml(
        response,
        200,
        `<ListBucketResult><Name>${keys.bucket}</Name><Prefix>${xml(prefix)}</Prefix><KeyCount>${page.length}</KeyCount>` +
          `<IsTruncated>${truncated}</IsTruncated>` +
          (truncated ? `<NextContinuationToken>${xml(page[page.length - 1] as string)}</NextContinuationToken>` : '') +
          page
            .map((k) => `<Contents><Key>${xml(k)}</Key><Size>${objects.get(k)?.body.length ?? 0}</Size></Contents>`)
            .join('') +
          '</ListBucketResult>',
      );
    }
    if (request.method === 'POST' && !key && url.searchParams.has('delete')) {
      const text = body.toString('utf8');
      const deleted: string[] = [];
      for (const [, raw] of text.matchAll(/<Key>([^<]*)<\/Key>/g)) {
        const name = (raw as string)
          .replace(/&lt;/g, '<')
          .replace(/&gt;/g, '>')
          .replace(/&quot;/g, '"')
          .replace(/&amp;/g, '&');
        // S3 reports every key asked for as deleted, whether or not it existed.
        objects.delete(name);
        deleted.push(name);
      }
      return sendXml(
        response,
        200,
        `<DeleteResult>${deleted.map((name) => `<Deleted><Key>${xml(name)}</Key></Deleted>`).join('')}</DeleteResult>`,
      );
    }
    return sendError(response, 501, 'NotImplemented', `${request.method} ${request.url} is not implemented here`);
  };

  const handleMultipart = (
    request: IncomingMessage,
    response: ServerResponse,
    body: Buffer,
    url: URL,
    key: string,
    uploadId: string,
  ) => {
    const upload = uploads.get(uploadId);
    if (!upload || upload.key !== key) {
      return sendError(response, 404, 'NoSuchUpload', 'The specified multipart upload does not exist.');
    }
    if (request.method === 'PUT') {
      const partNumber = Number(url.searchParams.get('partNumber'));
      if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > 10_000) {
        return sendError(response, 400, 'InvalidArgument', 'Part number must be an integer between 1 and 10000');
      }
      upload.parts.set(partNumber, body);
      response.writeHead(200, { etag: etagOf(body) });
      return response.end();
    }
    if (request.method === 'GET') {
      const parts = [...upload.parts.entries()].sort(([a], [b]) => a - b);
      return sendXml(
        response,
        200,
        `<ListPartsResult><Bucket>${keys.bucket}</Bucket><Key>${xml(key)}</Key><UploadId>${uploadId}</UploadId><IsTruncated>false</IsTruncated>` +
          parts
            .map(
              ([n, part]) =>
                `<Part><PartNumber>${n}</PartNumber><ETag>${xml(etagOf(part))}</ETag><Size>${part.length}</Size></Part>`,
            )
            .join('') +
          '</ListPartsResult>',
      );
    }
    if (request.method === 'DELETE') {
      uploads.delete(uploadId);
      response.writeHead(204);
      return response.end();
    }
    if (request.method === 'POST') {
      const numbers = [...body.toString('utf8').matchAll(/<PartNumber>(\d+)<\/PartNumber>/g)].map((m) => Number(m[1]));
      const missing = numbers.find((n) => !upload.parts.has(n));
      if (numbers.length === 0 || missing !== undefined) {
        return sendError(response, 400, 'InvalidPart', 'One or more of the specified parts could not be found.');
      }
      // As S3 does: every part but the last must be at least 5 MiB.
      if (numbers.slice(0, -1).some((n) => (upload.parts.get(n) as Buffer).length < 5 * 1024 * 1024)) {
        return sendError(
          response,
          400,
          'EntityTooSmall',
          'Your proposed upload is smaller than the minimum allowed size',
        );
      }
      const whole = Buffer.concat(numbers.map((n) => upload.parts.get(n) as Buffer));
      objects.set(key, { body: whole, contentType: undefined, cacheControl: undefined });
      uploads.delete(uploadId);
      return sendXml(
        response,
        200,
        `<CompleteMultipartUploadResult><Bucket>${keys.bucket}</Bucket><Key>${xml(key)}</Key><ETag>${xml(etagOf(whole))}</ETag></CompleteMultipartUploadResult>`,
      );
    }
    return sendError(response, 405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.');
  };

  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => handle(request, response, Buffer.concat(chunks)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    ...keys,
    objects,
    uploads,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
