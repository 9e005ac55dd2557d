/**
 * Several API processes behind one port (API_WORKERS > 1): the primary prepares the database once
 * (migrations, demo catalogue), then forks the workers, which share the listening socket through
 * node:cluster and each run the whole API. A worker that dies is replaced, with a growing pause if
 * workers keep dying at start-up; SIGTERM/SIGINT stop the workers gracefully (in-flight requests
 * finish) and then the primary.
 *
 * What the workers share lives outside them: the database, Redis (REDIS_URL: rate limits, the
 * public-view cache, catalogue invalidations), the media folder or bucket, the JWT secret (JWT_SECRET,
 * or the var/ file the primary creates before forking). Without REDIS_URL each worker counts its own
 * rate limits and does not cache the public-view poll, which the primary warns about.
 */
import cluster, { type Worker } from 'node:cluster';

export interface ClusterOptions {
  workers: number;
  /** The script every worker runs (server.ts). */
  exec: string;
  /** Runs once in the primary before any worker starts. */
  prepare: () => Promise<void>;
  log?: (message: string) => void;
}

/** A worker that lived shorter than this died at start-up; repeated, the pause before the next grows. */
const QUICK_DEATH_MS = 5_000;
const MAX_RESTART_PAUSE_MS = 10_000;
/** How long a stopping worker may take to finish its requests. */
const STOP_GRACE_MS = 10_000;

export async function runCluster({ workers, exec, prepare, log = console.log }: ClusterOptions): Promise<void> {
  await prepare();
  if (!process.env.REDIS_URL?.trim()) {
    log(
      '[cluster] REDIS_URL is not set: each worker counts its own rate limits and the public-view poll is not cached',
    );
  }
  cluster.setupPrimary({ exec });

  let stopping = false;
  let quickDeaths = 0;
  const started = new Map<number, number>();

  const fork = () => {
    if (stopping) return;
    const worker = cluster.fork();
    started.set(worker.id, Date.now());
  };

  cluster.on('exit', (worker: Worker, code, signal) => {
    const lived = Date.now() - (started.get(worker.id) ?? 0);
    started.delete(worker.id);
    if (stopping) return;
    quickDeaths = lived < QUICK_DEATH_MS ? quickDeaths + 1 : 0;
    const pause = Math.min(MAX_RESTART_PAUSE_MS, quickDeaths === 0 ? 0 : 500 * 2 ** (quickDeaths - 1));
    log(
      `[cluster] worker ${worker.process.pid} exited (${signal ?? `code ${code}`}); starting a new one${pause ? ` in ${pause} ms` : ''}`,
    );
    setTimeout(fork, pause);
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log(`[cluster] ${signal} received, stopping ${Object.keys(cluster.workers ?? {}).length} workers`);
    const alive = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => !!worker);
    const force = setTimeout(() => {
      for (const worker of alive) if (!worker.isDead()) worker.process.kill('SIGKILL');
    }, STOP_GRACE_MS);
    force.unref();
    let left = alive.length;
    if (left === 0) process.exit(0);
    for (const worker of alive) {
      worker.once('exit', () => {
        left -= 1;
        if (left === 0) process.exit(0);
      });
      worker.process.kill('SIGTERM');
    }
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  for (let index = 0; index < workers; index += 1) fork();
  log(`[cluster] ${workers} workers started by primary ${process.pid}`);
}
