/**
 * The demo catalogue at start: its media is made series by series (generate-demo-media.ts) and each
 * series is published as soon as all of it is made (seed-demo-catalogue.ts), with a line in the start
 * log each time. The server waits only for the series the home screen shows first; the others arrive
 * while the site runs, and the admin's dashboard shows how far it got. A series that cannot be made is
 * logged and recorded for the admin, the others go on, and the next start tries it again.
 */
import type { AppContext } from '../../api/src/context';
import { DEMO_SCRIPT } from './demo-script';
import { type EnsureDemoMediaOptions, startDemoMedia } from './generate-demo-media';
import { beginDemoSeed, publishDemoSeries, recordDemoFailure } from './seed-demo-catalogue';

/** How the start log's last demo line begins; the browser journeys wait for one of them. */
export const DEMO_CATALOGUE_READY = 'demo catalogue ready';
export const DEMO_CATALOGUE_INCOMPLETE = 'demo catalogue incomplete';

export interface DemoCatalogueRun {
  /** The home screen's series is published, or could not be made (the site starts either way). */
  first: Promise<void>;
  /** Every series is published or has failed. */
  finished: Promise<void>;
}

export type DemoCatalogueOptions = Omit<EnsureDemoMediaOptions, 'onProgress'> & { log?(line: string): void };

export function runDemoCatalogue(ctx: AppContext, options: DemoCatalogueOptions): DemoCatalogueRun {
  const { signal } = options;
  const log = options.log ?? ((line: string) => console.log(`[demo] ${line}`));
  const script = options.script ?? DEMO_SCRIPT;
  const media = startDemoMedia(options);
  let firstSettled!: () => void;
  const first = new Promise<void>((resolve) => {
    firstSettled = resolve;
  });

  const publishAll = async () => {
    const state = await beginDemoSeed(ctx, script.categories, script.series);
    const total = state?.series.length ?? 0;
    let ready = state?.published.length ?? 0;
    let failed = 0;
    if (state && ready < total) log(`demo catalogue: ${ready} of ${total} series ready; making the rest`);
    // In the order they are made, one at a time: the home screen's series first.
    for (const { slug, title } of media.order) {
      try {
        const series = await media.series(slug);
        if (state && (await publishDemoSeries(ctx, series)) !== null) {
          ready += 1;
          log(`demo catalogue: ${ready} of ${total} series ready (${title})`);
        }
      } catch (error) {
        if (signal?.aborted) return;
        failed += 1;
        const message = error instanceof Error ? error.message : String(error);
        log(`demo catalogue: "${title}" could not be made; the other series go on. ${message}`);
        if (state) await recordDemoFailure(ctx, slug, message.slice(0, 500));
      }
      firstSettled();
    }
    const after = `${Math.round(process.uptime())} s after start`;
    if (!state) return;
    if (ready === total) log(`${DEMO_CATALOGUE_READY}: ${total} series (${after})`);
    else
      log(
        `${DEMO_CATALOGUE_INCOMPLETE}: ${ready} of ${total} series ready, ${failed} could not be made (see above; the next start tries again)`,
      );
  };
  const finished = publishAll().finally(() => firstSettled());
  return { first: Promise.race([first, finished]), finished };
}
