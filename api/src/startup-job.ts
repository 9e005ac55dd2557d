/**
 * Work handed to the server at start without the API importing it: the demo workspace's catalogue
 * (`demo/src/server.ts` registers it, then starts the server). The server runs the registered job once
 * the database is migrated, in the one process that prepares it (a single server, or a cluster's
 * primary): the job's first part before the server listens, the rest in the background until done or
 * until the server stops.
 */
import type { AppConfig } from './config';
import type { AppContext } from './context';

export interface StartupJob {
  /** Does what must be done before the server listens; answers the work that goes on after. */
  start(ctx: AppContext, config: AppConfig, stop: AbortSignal): Promise<{ rest: Promise<void> }>;
}

let registered: StartupJob | null = null;

/** The job the next server start runs (null: none). */
export function setStartupJob(job: StartupJob | null): void {
  registered = job;
}

export function startupJob(): StartupJob | null {
  return registered;
}
