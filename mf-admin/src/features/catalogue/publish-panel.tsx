/**
 * Where a series or an episode stands with viewers, and the way to change it: its state (draft,
 * scheduled, published, unpublished), the checklist of what publishing needs, and publish now,
 * schedule for a later time, or unpublish. The server checks the same list again and answers 422 with
 * what is missing, which is shown the same way.
 */
import { Button, currentLanguage, showToast, useAppDispatch } from '@cliffhanger/shared';
import { type FormEvent, useId, useState } from 'react';
import type { PublishCheck, Publishing, PublishRefusal } from '../../lib/api/admin.types';
import { problemOf } from '../../lib/layout/form';
import { catalogueT, useCatalogueT } from './messages';

/** What is published: the sentences differ (in Russian a series and an episode differ in gender). */
export type Publishable = 'series' | 'episode';

/** A moment with date and time, in the page's language and the staff member's time zone. */
const dateTime = (iso: string) =>
  new Date(iso).toLocaleString(currentLanguage(), { dateStyle: 'medium', timeStyle: 'short' });

/** A short label for lists: "Draft", "Scheduled", "Published", "Unpublished". */
export function publishLabel(item: Pick<Publishing, 'publish_state'>): string {
  return catalogueT(`state.${item.publish_state}`);
}

/** What viewers get, in one sentence. */
export function publishSummary(item: Pick<Publishing, 'publish_state' | 'published_at'>, what: Publishable): string {
  switch (item.publish_state) {
    case 'draft':
      return catalogueT(`summary.${what}.draft`);
    case 'scheduled':
      return catalogueT(`summary.${what}.scheduled`, { date: dateTime(item.published_at as string) });
    case 'published':
      return item.published_at
        ? catalogueT(`summary.${what}.publishedSince`, { date: dateTime(item.published_at) })
        : catalogueT(`summary.${what}.published`);
    case 'unpublished':
      return catalogueT(`summary.${what}.unpublished`);
  }
}

export function PublishChecklist({ checks }: { checks: PublishCheck[] }) {
  const titleId = useId();
  const { t } = useCatalogueT();
  return (
    <div className="admin-checklist">
      <p id={titleId} className="admin-checklist-title">
        {t('publish.checklist')}
      </p>
      <ul aria-labelledby={titleId}>
        {checks.map((check) => (
          <li key={check.requirement} className={check.met ? 'is-met' : 'is-missing'}>
            <span aria-hidden="true">{check.met ? '✓' : '✗'}</span>
            <span>
              {check.message}
              <span className="ch-visually-hidden">{t(check.met ? 'publish.done' : 'publish.missing')}</span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The missing items of a 422 publish answer, or none for any other failure. */
export function missingOf(error: unknown): PublishRefusal['missing'] {
  const data = (error as { data?: Partial<PublishRefusal> } | undefined)?.data;
  return Array.isArray(data?.missing) ? data.missing : [];
}

/** The value a datetime-local field takes for a moment, in the viewer's own time zone. */
function localInputValue(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

type Outcome = { data: unknown } | { error: unknown };

export function PublishPanel({
  item,
  what,
  onPublish,
  onUnpublish,
  now = () => new Date(),
}: {
  item: Publishing;
  /** What is published, for the sentences. */
  what: Publishable;
  onPublish(publishAt?: string): Promise<Outcome>;
  onUnpublish(): Promise<Outcome>;
  now?: () => Date;
}) {
  const [when, setWhen] = useState('');
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const dispatch = useAppDispatch();
  const ready = item.publish_checklist.every((check) => check.met);
  const live = item.publish_state === 'published' || item.publish_state === 'scheduled';
  const headingId = useId();
  const { t } = useCatalogueT();

  async function run(action: () => Promise<Outcome>, success: string) {
    setBusy(true);
    setProblem('');
    try {
      const result = await action();
      if ('error' in result) {
        const missing = missingOf(result.error);
        setProblem(
          missing.length > 0
            ? t('publish.stillNeeded', { list: missing.map((m) => m.message).join('; ') })
            : problemOf(result.error, t(`publish.${what}.changeFailed`)),
        );
        return;
      }
      setWhen('');
      dispatch(showToast({ type: 'success', message: success }));
    } finally {
      setBusy(false);
    }
  }

  function schedule(event: FormEvent) {
    event.preventDefault();
    const at = new Date(when);
    if (!when || Number.isNaN(at.getTime())) return setProblem(t('publish.chooseTime'));
    if (at.getTime() <= now().getTime()) return setProblem(t('publish.chooseFuture'));
    void run(
      () => onPublish(at.toISOString()),
      t(`publish.${what}.scheduledFor`, { date: dateTime(at.toISOString()) }),
    );
  }

  return (
    <section className="ch-card admin-wide-form admin-publish" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('publish.title')}</h2>
      <p className={`admin-publish-state is-${item.publish_state}`}>{publishSummary(item, what)}</p>
      <PublishChecklist checks={item.publish_checklist} />
      {problem && (
        <p className="ch-field-error" role="alert">
          {problem}
        </p>
      )}
      <div className="admin-toolbar">
        <Button disabled={busy || !ready} onClick={() => run(() => onPublish(), t(`publish.${what}.published`))}>
          {item.publish_state === 'published' ? t('publish.again') : t('publish.now')}
        </Button>
        {live && (
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() => run(onUnpublish, t(`publish.${what}.unpublished`))}
          >
            {t('common.unpublish')}
          </Button>
        )}
      </div>
      <form className="admin-toolbar" onSubmit={schedule} noValidate>
        <label className="ch-field">
          <span>{t('publish.at')}</span>
          <input
            type="datetime-local"
            value={when}
            min={localInputValue(now())}
            onChange={(e) => setWhen(e.target.value)}
          />
        </label>
        <Button type="submit" variant="secondary" disabled={busy || !ready}>
          {t('publish.schedule')}
        </Button>
      </form>
      {!ready && <p className="ch-muted admin-hint">{t('publish.opensWhenReady')}</p>}
    </section>
  );
}
