/**
 * Versioned remotes (issue #22): the rollout rules every page reads (cached briefly, dropped at once
 * when staff change them in this process), the load reports pages send back, the automatic rollback
 * of a canary that fails too often, and the staff actions of the Releases screen, each audited.
 */
import { createHash } from 'node:crypto';
import type {
  RemoteLoadReport,
  RemoteReleasesView,
  RemoteRollout,
  RemoteRolloutsAnswer,
  RemoteVersionFigures,
} from '@cliffhanger/shared/entities';
import { CANARY_AUTO_ROLLBACK, REMOTE_ROLLOUT_CACHE_SECONDS } from '@cliffhanger/shared/remote-releases';
import { REMOTE_IDS, type RemoteId } from '@cliffhanger/shared/routes';
import type { AppContext } from '../../context';
import { nowIso } from '../../context';
import type { RemoteRolloutRow, UserRow } from '../../db/schema';
import { remotesJson } from '../../frontends/frontends-config';
import { badRequest, conflict } from '../../http/errors';
import { recordAudit } from '../../kernel/audit-log';
import { moneyTransaction } from '../../kernel/money-transaction';
import {
  builtInVersion,
  compatibility,
  publishedFolder,
  releasesDir,
  shellProvides,
  type VersionOnDisk,
  versionsOf,
} from './releases.disk';
import {
  addReporter,
  addToBucket,
  allRules,
  type BucketIncrement,
  clearCanaryIfStill,
  minuteOf,
  pruneBefore,
  type RuleChange,
  reportersSince,
  ruleOf,
  samplesSince,
  saveRule,
  sumsSince,
  type VersionSums,
} from './releases.repository';

const AUDIT_ENTITY = 'remote_release';
/** Reports are kept a day (the figures read only the last CANARY_AUTO_ROLLBACK.windowMinutes). */
const KEEP_REPORTS_MINUTES = 24 * 60;

// --- What is where ------------------------------------------------------------------------------

interface PerApp {
  builtInManifests: Record<string, string>;
  rollouts: { answer: RemoteRolloutsAnswer; until: number } | null;
  lastPrune: number;
}
const perApp = new WeakMap<AppContext, PerApp>();

function stateOf(ctx: AppContext): PerApp {
  let state = perApp.get(ctx);
  if (!state) {
    // The same effective remotes.json the frontends plugin serves (REMOTES_JSON, REMOTE_<NAME>_URL).
    state = {
      builtInManifests: remotesJson(ctx.config.frontendsRoot, ctx.config.remoteOverrides),
      rollouts: null,
      lastPrune: 0,
    };
    perApp.set(ctx, state);
  }
  return state;
}

/** Drops this process's cached rollout answer (after any change of a rule). */
export function invalidateRollouts(ctx: AppContext): void {
  stateOf(ctx).rollouts = null;
}

/** Where a page fetches a published version's manifest: under REMOTE_RELEASES_URL, else `/remotes` on the site. */
export const publishedManifest = (remote: RemoteId, version: string, base = '/remotes') =>
  `${base}/${remote}/${encodeURIComponent(version)}/mf-manifest.json`;

/** Whether `version` names something a page can load: the built-in build or a published folder. */
function isKnownVersion(ctx: AppContext, remote: RemoteId, version: string): boolean {
  return (
    version === builtInVersion(ctx.config.frontendsRoot, remote).version ||
    publishedFolder(releasesDir(ctx.config), remote, version) !== null
  );
}

function addressOf(ctx: AppContext, remote: RemoteId, version: string | null) {
  const builtIn = builtInVersion(ctx.config.frontendsRoot, remote);
  if (version === null || version === builtIn.version) {
    return { version: builtIn.version, manifest: stateOf(ctx).builtInManifests[remote] };
  }
  return { version, manifest: publishedManifest(remote, version, ctx.config.remoteReleasesUrl) };
}

interface Effective {
  /** Null: the built-in build. */
  stable: string | null;
  canary: string | null;
  share: number;
}

/** A rule as pages get it: a version whose folder has gone is replaced by the built-in build / no canary. */
function effectiveRule(ctx: AppContext, remote: RemoteId, row: RemoteRolloutRow | undefined): Effective {
  const stable = row?.stable_version && isKnownVersion(ctx, remote, row.stable_version) ? row.stable_version : null;
  const canary =
    row?.canary_version && row.canary_share > 0 && isKnownVersion(ctx, remote, row.canary_version)
      ? row.canary_version
      : null;
  return { stable, canary, share: canary ? (row?.canary_share ?? 0) : 0 };
}

// --- The public answer --------------------------------------------------------------------------

export async function rollouts(ctx: AppContext): Promise<RemoteRolloutsAnswer> {
  const state = stateOf(ctx);
  const now = Date.now();
  if (state.rollouts && state.rollouts.until > now) return state.rollouts.answer;
  const rows = new Map((await allRules(ctx.db)).map((row) => [row.remote, row]));
  const remotes = {} as Record<RemoteId, RemoteRollout>;
  for (const remote of REMOTE_IDS) {
    const rule = effectiveRule(ctx, remote, rows.get(remote));
    remotes[remote] = {
      stable: addressOf(ctx, remote, rule.stable),
      canary: rule.canary ? { ...addressOf(ctx, remote, rule.canary), share: rule.share } : null,
    };
  }
  const answer: RemoteRolloutsAnswer = { remotes };
  state.rollouts = { answer, until: now + REMOTE_ROLLOUT_CACHE_SECONDS * 1000 };
  return answer;
}

// --- Figures ------------------------------------------------------------------------------------

const rateOf = (sums: Pick<VersionSums, 'loads' | 'failures' | 'errors'> | undefined) => {
  if (!sums) return 0;
  const attempts = sums.loads + sums.failures;
  return attempts === 0 ? 0 : Math.min(1, (sums.failures + sums.errors) / attempts);
};

const percent = (rate: number) => `${Math.round(rate * 100)}%`;

function median(values: number[] | undefined): number | null {
  if (!values || values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : Math.round((sorted[middle - 1] + sorted[middle]) / 2);
}

const windowStart = (ctx: AppContext) => minuteOf(ctx.now()) - CANARY_AUTO_ROLLBACK.windowMinutes + 1;

// --- Load reports and the automatic rollback ----------------------------------------------------

/** A browser's name in the reporters table: a short hash of its address and user agent, never the address. */
export function reporterOf(ip: string, userAgent: string | undefined): string {
  return createHash('sha256')
    .update(`${ip}\n${userAgent ?? ''}`)
    .digest('hex')
    .slice(0, 16);
}

/**
 * Stores a page's reports. `reporter` names the browser that sent them (a hash of its address and user
 * agent): a canary is only rolled back on the word of several.
 */
export async function storeReports(
  ctx: AppContext,
  reports: RemoteLoadReport[],
  reporter: string,
): Promise<{ stored: number }> {
  const groups = new Map<string, BucketIncrement>();
  for (const [index, report] of reports.entries()) {
    const remote = report.remote;
    if (!isKnownVersion(ctx, remote, report.version)) {
      throw badRequest(`Report ${index + 1}: ${remote} has no version "${report.version}"`, {
        errors: [{ field: `reports/${index}/version`, message: 'is not a published version of this remote' }],
      });
    }
    const key = `${remote} ${report.version}`;
    const group = groups.get(key) ?? {
      remote,
      version: report.version,
      loads: 0,
      failures: 0,
      errors: 0,
      loadMsSum: 0,
      samples: [],
    };
    if (report.outcome === 'loaded') {
      group.loads += 1;
      if (typeof report.load_ms === 'number') {
        const ms = Math.round(report.load_ms);
        group.loadMsSum += ms;
        group.samples.push(ms);
      }
    } else if (report.outcome === 'failed') {
      group.failures += 1;
    } else {
      group.errors += 1;
    }
    groups.set(key, group);
  }
  const minute = minuteOf(ctx.now());
  const state = stateOf(ctx);
  const prune = Date.now() - state.lastPrune > 60_000;
  if (prune) state.lastPrune = Date.now();
  await moneyTransaction(ctx, async (trx) => {
    for (const group of groups.values()) {
      await addToBucket(trx, minute, group);
      await addReporter(trx, minute, group.remote, group.version, reporter);
    }
    if (prune) await pruneBefore(trx, minute - KEEP_REPORTS_MINUTES);
  });
  const reported = new Set([...groups.values()].map((group) => `${group.remote} ${group.version}`));
  for (const remote of REMOTE_IDS) {
    const versions = [...reported]
      .filter((key) => key.startsWith(`${remote} `))
      .map((key) => key.slice(remote.length + 1));
    if (versions.length > 0) await rollBackIfFailing(ctx, remote, versions);
  }
  return { stored: reports.length };
}

/**
 * The reason a canary should be rolled back, or null: at least `minLoads` attempts in the window, a
 * failure rate over `maxFailureRate`, and at least `marginOverStable` above the stable version's.
 */
function rollbackReason(canary: string, stable: string, sums: VersionSums[], reporters: number): string | null {
  const ofCanary = sums.find((s) => s.version === canary);
  if (!ofCanary) return null;
  const attempts = ofCanary.loads + ofCanary.failures;
  if (attempts < CANARY_AUTO_ROLLBACK.minLoads || reporters < CANARY_AUTO_ROLLBACK.minReporters) return null;
  const rate = rateOf(ofCanary);
  const stableRate = rateOf(sums.find((s) => s.version === stable));
  if (rate <= CANARY_AUTO_ROLLBACK.maxFailureRate) return null;
  if (rate - stableRate < CANARY_AUTO_ROLLBACK.marginOverStable) return null;
  return `failure rate ${percent(rate)} over ${attempts} loads against ${percent(stableRate)} on ${stable}`;
}

async function rollBackIfFailing(ctx: AppContext, remote: RemoteId, reported: string[]): Promise<void> {
  const row = await ruleOf(ctx.db, remote, false);
  const canary = row?.canary_version;
  if (!row || !canary || !reported.includes(canary)) return;
  const stable = addressOf(ctx, remote, row.stable_version).version;
  const db = ctx.db;
  const sums = await sumsSince(db, windowStart(ctx), remote);
  if (!rollbackReason(canary, stable, sums, await reportersSince(db, windowStart(ctx), remote, canary))) return;
  // Decided again under the lock: of two reports crossing the line together, one rolls back, once.
  const done = await moneyTransaction(ctx, async (trx) => {
    const locked = await ruleOf(trx, remote, ctx.dbKind === 'postgres');
    if (locked?.canary_version !== canary) return false;
    const reason = rollbackReason(
      canary,
      stable,
      await sumsSince(trx, windowStart(ctx), remote),
      await reportersSince(trx, windowStart(ctx), remote, canary),
    );
    if (!reason) return false;
    const at = nowIso(ctx);
    if (!(await clearCanaryIfStill(trx, remote, canary, at, reason))) return false;
    await recordAudit(trx, {
      actor: null,
      action: 'release.auto_rollback',
      entity: AUDIT_ENTITY,
      entityId: remote,
      before: { stable_version: stable, canary_version: canary, canary_share: locked.canary_share },
      after: { stable_version: stable, canary_version: null, canary_share: 0, reason },
      at,
    });
    return true;
  });
  if (done) invalidateRollouts(ctx);
}

// --- The staff view -----------------------------------------------------------------------------

function figuresOf(
  version: VersionOnDisk,
  provides: Record<string, string>,
  sums: VersionSums | undefined,
  samples: number[] | undefined,
): RemoteVersionFigures {
  // The built-in build was built with the shell it is served beside; without a stamp it is taken as fitting.
  const fit =
    version.builtIn && version.shared === null
      ? { compatible: true, incompatibility: null }
      : compatibility(version.shared, provides);
  return {
    version: version.version,
    built_at: version.built_at,
    shared: version.shared ?? {},
    ...fit,
    loads: sums?.loads ?? 0,
    failures: sums?.failures ?? 0,
    errors: sums?.errors ?? 0,
    failure_rate: rateOf(sums),
    median_load_ms: median(samples),
  };
}

export async function releasesView(ctx: AppContext): Promise<RemoteReleasesView> {
  const db = ctx.db;
  const from = windowStart(ctx);
  const [rows, sums, samples] = await Promise.all([allRules(db), sumsSince(db, from), samplesSince(db, from)]);
  const byRemote = new Map(rows.map((row) => [row.remote, row]));
  const provides = shellProvides(ctx.config.frontendsRoot);
  const dir = releasesDir(ctx.config);
  return {
    remotes: REMOTE_IDS.map((remote) => {
      const row = byRemote.get(remote);
      const rule = effectiveRule(ctx, remote, row);
      return {
        remote,
        stable_version: addressOf(ctx, remote, rule.stable).version,
        canary_version: rule.canary,
        canary_share: rule.share,
        updated_at: row?.updated_at ?? null,
        auto_rollback:
          row?.auto_rollback_at && row.auto_rollback_version && row.auto_rollback_reason
            ? { at: row.auto_rollback_at, version: row.auto_rollback_version, reason: row.auto_rollback_reason }
            : null,
        versions: versionsOf(ctx.config.frontendsRoot, dir, remote).map((version) =>
          figuresOf(
            version,
            provides,
            sums.find((s) => s.remote === remote && s.version === version.version),
            samples.get(`${remote} ${version.version}`),
          ),
        ),
      };
    }),
  };
}

// --- Staff actions ------------------------------------------------------------------------------

/** The version staff named, checked: published (or the built-in one) and fitting the shell. */
function checkedVersion(ctx: AppContext, remote: RemoteId, version: string): VersionOnDisk {
  const found = versionsOf(ctx.config.frontendsRoot, releasesDir(ctx.config), remote).find(
    (v) => v.version === version,
  );
  if (!found) throw badRequest(`${remote} has no published version "${version}"`);
  if (!(found.builtIn && found.shared === null)) {
    const fit = compatibility(found.shared, shellProvides(ctx.config.frontendsRoot));
    if (!fit.compatible) {
      throw conflict(`${remote} ${version} cannot be rolled out: it does not fit the shell. ${fit.incompatibility}`);
    }
  }
  return found;
}

type RuleState = Pick<RuleChange, 'stable_version' | 'canary_version' | 'canary_share'>;

/** Reads the rule under the lock, lets `decide` refuse or change it, writes it with its audit entry. */
async function changeRule(
  ctx: AppContext,
  actor: UserRow,
  remote: RemoteId,
  action: string,
  decide: (current: Effective, stableName: string) => RuleState,
): Promise<RemoteReleasesView> {
  const builtIn = builtInVersion(ctx.config.frontendsRoot, remote).version;
  await moneyTransaction(ctx, async (trx) => {
    const row = await ruleOf(trx, remote, ctx.dbKind === 'postgres');
    const current = effectiveRule(ctx, remote, row);
    const stableName = current.stable ?? builtIn;
    const next = decide(current, stableName);
    // The built-in build is kept as null, so a rebuilt shell-side build stays stable by itself.
    const stored: RuleState = { ...next, stable_version: next.stable_version === builtIn ? null : next.stable_version };
    const at = nowIso(ctx);
    await saveRule(trx, remote, { ...stored, updated_at: at, updated_by: actor.id });
    await recordAudit(trx, {
      actor,
      action,
      entity: AUDIT_ENTITY,
      entityId: remote,
      before: { stable_version: stableName, canary_version: current.canary, canary_share: current.share },
      after: {
        stable_version: next.stable_version ?? builtIn,
        canary_version: next.canary_version,
        canary_share: next.canary_share,
      },
      at,
    });
  });
  invalidateRollouts(ctx);
  return releasesView(ctx);
}

export function startCanary(ctx: AppContext, actor: UserRow, remote: RemoteId, version: string, share: number) {
  checkedVersion(ctx, remote, version);
  return changeRule(ctx, actor, remote, 'release.canary', (current, stableName) => {
    if (version === stableName) throw conflict(`${remote} ${version} is already the stable version`);
    return { stable_version: current.stable, canary_version: version, canary_share: share };
  });
}

export function promoteCanary(ctx: AppContext, actor: UserRow, remote: RemoteId) {
  return changeRule(ctx, actor, remote, 'release.promote', (current) => {
    if (!current.canary) throw conflict(`${remote} has no canary to promote`);
    checkedVersion(ctx, remote, current.canary);
    return { stable_version: current.canary, canary_version: null, canary_share: 0 };
  });
}

export function rollBackCanary(ctx: AppContext, actor: UserRow, remote: RemoteId) {
  return changeRule(ctx, actor, remote, 'release.rollback', (current) => {
    if (!current.canary) throw conflict(`${remote} has no canary to roll back`);
    return { stable_version: current.stable, canary_version: null, canary_share: 0 };
  });
}

export function makeStable(ctx: AppContext, actor: UserRow, remote: RemoteId, version: string) {
  checkedVersion(ctx, remote, version);
  return changeRule(ctx, actor, remote, 'release.stable', (current, stableName) => {
    if (version === stableName) throw conflict(`${remote} ${version} is already the stable version`);
    // A canary of the version made stable has nothing left to try; another canary keeps running.
    const keepCanary = current.canary && current.canary !== version;
    return {
      stable_version: version,
      canary_version: keepCanary ? current.canary : null,
      canary_share: keepCanary ? current.share : 0,
    };
  });
}
