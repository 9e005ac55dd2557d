/**
 * A tus server in memory, reached through tus-js-client's own HTTP seam (`httpStack`). It keeps what
 * PATCHes bring; `dropNextPatch` keeps the first half of the next PATCH body and then loses the
 * connection, as a network drop mid-upload does; `holdPatches` makes PATCHes wait until released.
 */
import type { HttpRequest, HttpResponse, HttpStack } from 'tus-js-client';

export const TUS_UPLOAD_URL = '/api/admin/media/tus/5f0c2a1b9d8e7f6a5b4c3d2e1f0a9b8c';
const UPLOAD = TUS_UPLOAD_URL;

function bytesOf(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

interface Seen {
  method: string;
  url: string;
  headers: Record<string, string>;
}

export function fakeTusServer() {
  const server = {
    held: new Uint8Array(0),
    size: 0,
    dropNextPatch: 0,
    /** While set, PATCHes wait for it (a slow link). */
    holdPatches: null as Promise<void> | null,
    requests: [] as Seen[],
  };
  const answer = (status: number, headers: Record<string, string> = {}): HttpResponse => ({
    getStatus: () => status,
    getHeader: (name) => headers[name.toLowerCase()],
    getBody: () => '',
    getUnderlyingObject: () => null,
  });
  const stack: HttpStack = {
    getName: () => 'fake',
    createRequest(method, url): HttpRequest {
      const headers: Record<string, string> = {};
      return {
        getMethod: () => method,
        getURL: () => url,
        setHeader: (name, value) => {
          headers[name.toLowerCase()] = value;
        },
        getHeader: (name) => headers[name.toLowerCase()],
        setProgressHandler: () => undefined,
        abort: async () => undefined,
        getUnderlyingObject: () => null,
        async send(body) {
          server.requests.push({ method, url, headers: { ...headers } });
          if (method === 'POST') {
            server.size = Number(headers['upload-length']);
            return answer(201, { location: UPLOAD });
          }
          if (method === 'HEAD') {
            return answer(200, { 'upload-offset': String(server.held.length), 'upload-length': String(server.size) });
          }
          if (method === 'PATCH') {
            if (server.holdPatches) await server.holdPatches;
            if (Number(headers['upload-offset']) !== server.held.length) return answer(409);
            const bytes = await bytesOf(body as Blob);
            if (server.dropNextPatch > 0) {
              server.dropNextPatch -= 1;
              server.held = concat(server.held, bytes.subarray(0, Math.floor(bytes.length / 2)));
              throw new Error('network connection lost');
            }
            server.held = concat(server.held, bytes);
            const done = server.held.length === server.size;
            return answer(204, {
              'upload-offset': String(server.held.length),
              ...(done ? { 'media-asset-id': '4', 'media-job-id': '9' } : {}),
            });
          }
          return answer(404);
        },
      };
    },
  };
  return { server, stack };
}

const concat = (a: Uint8Array, b: Uint8Array) => {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
};
