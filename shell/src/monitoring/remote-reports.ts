/**
 * Load reports per remote version: each load (`loaded`, with its time), load failure (`failed`) and
 * screen error (`error`) is queued and sent to `POST /api/remotes/reports/` in batches of at most
 * REMOTE_REPORTS_PER_REQUEST, every REMOTE_REPORTS_FLUSH_MS and at once when the page is hidden
 * (`keepalive`, so the request outlives the page). Reporting never throws and never retries forever:
 * beyond REMOTE_REPORTS_QUEUE_LIMIT the oldest reports are dropped.
 */
import {
  fetchUnderPolicy,
  REMOTE_REPORTS_FLUSH_MS,
  REMOTE_REPORTS_PER_REQUEST,
  REMOTE_REPORTS_QUEUE_LIMIT,
  type RemoteLoadReport,
  type RemoteLoadReportsBody,
  runtimeConfig,
} from '@cliffhanger/shared';

/** `POST <api>/remotes/reports/`, wherever the page's API lives (`/api` on one origin). */
export const remoteReportsUrl = () => `${runtimeConfig().apiBaseUrl.replace(/\/+$/, '')}/remotes/reports/`;

type Send = (body: RemoteLoadReportsBody, options: { keepalive: boolean }) => Promise<unknown>;

// Under the tab's transport policy: while the API backs off a batch is dropped, as a failed one is.
const defaultSend: Send = (body, { keepalive }) =>
  fetchUnderPolicy(remoteReportsUrl(), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    credentials: 'omit',
    keepalive,
  });

export function createRemoteReporter(
  options: { send?: Send; flushMs?: number; perRequest?: number; limit?: number } = {},
) {
  const send = options.send ?? defaultSend;
  const flushMs = options.flushMs ?? REMOTE_REPORTS_FLUSH_MS;
  const perRequest = options.perRequest ?? REMOTE_REPORTS_PER_REQUEST;
  const limit = options.limit ?? REMOTE_REPORTS_QUEUE_LIMIT;
  let queue: RemoteLoadReport[] = [];
  let timer: ReturnType<typeof setInterval> | null = null;
  let detach: (() => void) | null = null;

  const flush = (flushOptions: { keepalive?: boolean } = {}): Promise<void> => {
    const batches: RemoteLoadReport[][] = [];
    while (queue.length) batches.push(queue.splice(0, perRequest));
    return Promise.all(
      batches.map(async (reports) => {
        try {
          await send({ reports }, { keepalive: flushOptions.keepalive ?? false });
        } catch {
          // Reports are a best effort: a lost batch is not worth a broken page.
        }
      }),
    ).then(() => undefined);
  };

  return {
    report(report: RemoteLoadReport): void {
      queue.push(report);
      if (queue.length > limit) queue = queue.slice(queue.length - limit);
    },
    pending: () => queue.length,
    flush,
    start(win: Window = window): void {
      if (timer) return;
      timer = setInterval(() => void flush(), flushMs);
      const onHide = () => void flush({ keepalive: true });
      win.addEventListener('pagehide', onHide);
      detach = () => win.removeEventListener('pagehide', onHide);
    },
    stop(): void {
      if (timer) clearInterval(timer);
      timer = null;
      detach?.();
      detach = null;
    },
  };
}

export type RemoteReporter = ReturnType<typeof createRemoteReporter>;
