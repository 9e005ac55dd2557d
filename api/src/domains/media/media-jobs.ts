/**
 * The media job queue. Its state lives in `media_jobs`, not in memory: a job is claimed with a
 * conditional update (`queued → running`), a running job writes a heartbeat, and a job whose
 * heartbeat stopped (the process died or restarted mid-transcode) is queued again, so nothing is lost
 * across restarts and several API processes can share one queue without running a job twice.
 *
 * One job runs at a time per process: a transcode already uses every core ffmpeg can get.
 * A transcode turns the uploaded source into a vertical H.264/AAC HLS package (2 renditions, master
 * playlist, poster, thumbnail) with `transcodeToHls`, stores it, marks the asset ready and, when the
 * upload named an episode, attaches the package to that episode in the same transaction.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppContext } from '../../context';
import { nowIso } from '../../context';
import type { MediaJobRow } from '../../db/schema';
import { attachVideo } from './episode-video';
import { FfmpegError } from './ffmpeg';
import { MASTER_PLAYLIST, transcodeToHls, VERTICAL_RENDITIONS } from './hls-transcode';
import {
  claimQueuedJob,
  oldestQueuedJob,
  requeueRunningJobs,
  touchRunningJob,
  updateAsset,
  updateJob,
} from './media-jobs.repository';
import { findAsset } from './media-library.repository';
import type { MediaStorage } from './storage-keys';
import { sourcePath } from './upload-staging';

/** A running job refreshes its row this often… */
const HEARTBEAT_MS = 5_000;
/** …and one silent for this long belonged to a process that is gone. */
const STALE_AFTER_MS = 30_000;
/** Other processes' new jobs and stale jobs are noticed this often. */
const POLL_MS = 2_000;
/** Progress is written at most this often (ffmpeg reports many times a second). */
const PROGRESS_WRITE_MS = 500;
const MAX_ATTEMPTS = 3;

export class MediaJobQueue {
  private working = false;
  private stopped = true;
  private timer: NodeJS.Timeout | null = null;
  private current: { id: number; abort: AbortController } | null = null;
  private idle: Promise<void> = Promise.resolve();

  constructor(
    private readonly ctx: AppContext,
    private readonly storage: MediaStorage,
    private readonly log: { error(obj: unknown, msg: string): void } = console,
  ) {}

  /** Picks up what an earlier run left (queued, or running when it stopped) and starts polling. */
  async start(): Promise<void> {
    if (!this.stopped) return;
    this.stopped = false;
    await this.requeueStale(true);
    this.timer = setInterval(() => this.kick(), POLL_MS);
    this.timer.unref();
    this.kick();
  }

  /** Stops polling and interrupts the running job, which goes back to the queue for the next start. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    const running = this.current;
    if (running) {
      running.abort.abort();
      await this.idle;
      await requeueRunningJobs(this.ctx.db, nowIso(this.ctx), { id: running.id }).catch(() => undefined);
    }
    await this.idle;
  }

  /** Runs queued jobs until none is left; a no-op while already working. */
  kick(): void {
    if (this.working || this.stopped) return;
    this.working = true;
    this.idle = this.drain()
      .catch((error) => this.log.error({ err: error }, 'media job queue failed'))
      .finally(() => {
        this.working = false;
      });
  }

  private async drain(): Promise<void> {
    await this.requeueStale(false);
    while (!this.stopped) {
      const job = await this.claimNext();
      if (!job) return;
      await this.run(job);
    }
  }

  /**
   * Queues running jobs again that no process is working on. The embedded SQLite database has one
   * API process, so at its start every running row is an orphan; with PostgreSQL several processes
   * may share the queue, and only rows whose heartbeat stopped are.
   */
  private async requeueStale(atStart: boolean): Promise<void> {
    const everyRunningRow = atStart && this.ctx.dbKind === 'sqlite';
    const cutoff = new Date(this.ctx.now().getTime() - STALE_AFTER_MS).toISOString();
    await requeueRunningJobs(this.ctx.db, nowIso(this.ctx), {
      silentSince: everyRunningRow ? undefined : cutoff,
      except: this.current?.id,
    });
  }

  private async claimNext(): Promise<MediaJobRow | null> {
    const db = this.ctx.db;
    for (;;) {
      const next = await oldestQueuedJob(db);
      if (!next) return null;
      if (await claimQueuedJob(db, next, nowIso(this.ctx))) {
        return { ...next, status: 'running', attempts: next.attempts + 1 };
      }
      // Another process claimed it first: look again.
    }
  }

  private async run(job: MediaJobRow): Promise<void> {
    const db = this.ctx.db;
    const abort = new AbortController();
    this.current = { id: job.id, abort };
    let lastWrite = 0;
    let progress = 0;
    const heartbeat = setInterval(() => {
      touchRunningJob(db, job.id, nowIso(this.ctx)).catch(() => undefined);
    }, HEARTBEAT_MS);
    heartbeat.unref();
    const scratch = await mkdtemp(join(tmpdir(), 'cliffhanger-hls-'));
    try {
      const asset = await findAsset(db, job.asset_id);
      if (!asset?.source_key) throw new Error('The uploaded source of this video is missing');
      const pkg = await transcodeToHls({
        input: sourcePath(this.ctx.config, asset.source_key),
        outDir: scratch,
        renditions: VERTICAL_RENDITIONS.standard,
        signal: abort.signal,
        onProgress: (fraction) => {
          progress = fraction;
          const now = Date.now();
          if (now - lastWrite < PROGRESS_WRITE_MS) return;
          lastWrite = now;
          touchRunningJob(db, job.id, nowIso(this.ctx), Math.min(0.99, fraction)).catch(() => undefined);
        },
      });
      if (abort.signal.aborted) return;
      // The video goes under a folder nobody can guess, the poster and thumbnail under names of their
      // own elsewhere, so a public image says nothing about where the video is (signed-playback.ts).
      const poster = await this.storage.putFile(`library/images/${randomUUID()}.jpg`, join(scratch, pkg.posterPath));
      const thumbnail = await this.storage.putFile(
        `library/images/${randomUUID()}.jpg`,
        join(scratch, pkg.thumbnailPath),
      );
      await Promise.all([pkg.posterPath, pkg.thumbnailPath].map((file) => rm(join(scratch, file), { force: true })));
      const base = await this.storage.putDirectory(`library/videos/${randomUUID()}`, scratch);
      const top = pkg.variants[pkg.variants.length - 1];
      const at = nowIso(this.ctx);
      await db.transaction().execute(async (trx) => {
        const hlsUrl = `${base}/${MASTER_PLAYLIST}`;
        const thumbnailUrl = thumbnail;
        await updateAsset(trx, asset.id, {
          status: 'ready',
          hls_url: hlsUrl,
          poster_url: poster,
          thumbnail_url: thumbnailUrl,
          duration_seconds: pkg.durationSeconds,
          renditions: pkg.variants.length,
          width: top?.width ?? null,
          height: top?.height ?? null,
          updated_at: at,
        });
        await updateJob(trx, job.id, { status: 'done', progress: 1, finished_at: at, updated_at: at });
        if (asset.episode_id !== null) {
          await attachVideo(trx, {
            episodeId: asset.episode_id,
            hlsUrl,
            thumbnailUrl,
            durationSeconds: pkg.durationSeconds,
            at,
          });
        }
      });
    } catch (error) {
      if (abort.signal.aborted) return;
      const message = describeFailure(error);
      const retry = job.attempts < MAX_ATTEMPTS && !(error instanceof FfmpegError);
      const at = nowIso(this.ctx);
      await updateJob(db, job.id, {
        status: retry ? 'queued' : 'failed',
        error: message,
        progress: retry ? 0 : progress,
        finished_at: retry ? null : at,
        updated_at: at,
      });
      if (!retry) await updateAsset(db, job.asset_id, { status: 'failed', updated_at: at });
    } finally {
      clearInterval(heartbeat);
      this.current = null;
      await rm(scratch, { recursive: true, force: true });
    }
  }
}

/** A message staff can act on: ffmpeg's own last words when it refused the file. */
function describeFailure(error: unknown): string {
  if (error instanceof FfmpegError) {
    const tail = error.stderrTail.trim().split('\n').slice(-3).join(' ').slice(0, 500);
    return `The video could not be converted${tail ? `: ${tail}` : '.'} Check that the file plays, then upload it again.`;
  }
  const text = error instanceof Error ? error.message : String(error);
  return `The video could not be processed: ${text.slice(0, 500)}`;
}
