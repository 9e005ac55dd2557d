/**
 * What the server checks before it starts, and says in plain words when something is wrong:
 * - ffmpeg must be installed (the demo media and every uploaded video go through it), and not outdated:
 *   it parses files anybody on the staff can upload. Without it, or with one older than
 *   MIN_FFMPEG_VERSION, the server refuses to start and says how to install it, instead of failing (or
 *   parsing with long-fixed bugs) at the first upload. `npm start` installs it where it can (domains/media/ffmpeg-install.ts).
 * - The built-in test checkout hands out coins and Gold without taking money. It runs in production
 *   only when PAYMENTS_DEV_PROVIDER=true says so (a demo), and then the log says so at every start.
 */
import { ffmpegProblem } from './domains/media/ffmpeg-check';

export interface StartupReport {
  errors: string[];
  warnings: string[];
}

export function startupChecks(env: NodeJS.ProcessEnv = process.env): StartupReport {
  const errors: string[] = [];
  const warnings: string[] = [];
  const ffmpeg = ffmpegProblem(env);
  if (ffmpeg) errors.push(ffmpeg.message);
  const production = env.NODE_ENV === 'production';
  const stripe = Boolean(env.STRIPE_SECRET_KEY?.trim());
  if (production && !stripe && env.PAYMENTS_DEV_PROVIDER === 'true') {
    warnings.push(
      'DEMO PAYMENTS: PAYMENTS_DEV_PROVIDER=true and no STRIPE_SECRET_KEY, so the built-in test checkout is on. ' +
        'Every visitor can give themselves coins and Gold without paying. Use this only for a demo; ' +
        'set STRIPE_SECRET_KEY and remove PAYMENTS_DEV_PROVIDER before taking real money.',
    );
  }
  return { errors, warnings };
}

/** Prints the report; returns false when the server must not start. */
export function reportStartupChecks(report: StartupReport, log: Pick<Console, 'error' | 'warn'> = console): boolean {
  for (const warning of report.warnings) log.warn(`WARNING ${warning}`);
  for (const error of report.errors) log.error(`Cannot start: ${error}`);
  return report.errors.length === 0;
}
