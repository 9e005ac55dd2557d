/**
 * Bulk pricing: one rule for every episode of a series, in play order — "episodes 1–5 free, then 12
 * coins, rising by 2 every 10 episodes". Staff see what it does to each episode before applying it;
 * applying is one change on the server with one audit entry.
 */
import { Button, showToast, useAppDispatch } from '@cliffhanger/shared';
import { type FormEvent, useState } from 'react';
import { adminApi } from '../../lib/api/admin.api';
import type { PricingPlan, PricingRule } from '../../lib/api/admin.types';
import { problemOf, TextField } from '../../lib/layout/form';
import { type AdminCatalogueKey, catalogueT, useCatalogueT } from './messages';

type Draft = Record<keyof PricingRule, string>;

const LIMITS: Record<keyof PricingRule, { min: number; max: number; message: AdminCatalogueKey }> = {
  free_episodes: { min: 0, max: 5_000, message: 'pricing.freeRule' },
  price: { min: 1, max: 100_000, message: 'pricing.priceRule' },
  step: { min: 0, max: 10_000, message: 'pricing.stepRule' },
  every: { min: 1, max: 5_000, message: 'pricing.everyRule' },
};

/** The rule the fields describe, or the message of each field that is not right. */
export function parseRule(draft: Draft): {
  rule: PricingRule | null;
  errors: Partial<Record<keyof PricingRule, string>>;
} {
  const errors: Partial<Record<keyof PricingRule, string>> = {};
  const rule = {} as PricingRule;
  for (const key of Object.keys(LIMITS) as Array<keyof PricingRule>) {
    const text = draft[key].trim();
    const value = Number(text);
    const { min, max, message } = LIMITS[key];
    if (!/^\d+$/.test(text) || value < min || value > max) errors[key] = catalogueT(message);
    else rule[key] = value;
  }
  return { rule: Object.keys(errors).length === 0 ? rule : null, errors };
}

/** The rule in words, as staff would say it. */
export function describeRule(rule: PricingRule): string {
  const free =
    rule.free_episodes === 0
      ? catalogueT('pricing.noFree')
      : catalogueT('pricing.freeUpTo', { count: rule.free_episodes });
  const then = catalogueT('pricing.then', { count: rule.price });
  const rise = rule.step === 0 ? [] : [catalogueT('pricing.rising', { count: rule.every, step: rule.step })];
  return [free, then, ...rise].join(', ');
}

const priceText = (price: { is_free: boolean; coin_cost: number }) =>
  price.is_free ? catalogueT('common.freeLower') : catalogueT('common.coins', { count: price.coin_cost });

export function PricingRulePanel({ seriesId, episodes }: { seriesId: number; episodes: number }) {
  const [draft, setDraft] = useState<Draft>({ free_episodes: '5', price: '12', step: '2', every: '10' });
  const [errors, setErrors] = useState<Partial<Record<keyof PricingRule, string>>>({});
  const [plan, setPlan] = useState<PricingPlan | null>(null);
  const [preview, previewing] = adminApi.useAdminPreviewPricingMutation();
  const [apply, applying] = adminApi.useAdminApplyPricingMutation();
  const dispatch = useAppDispatch();
  const { t } = useCatalogueT();
  const { rule } = parseRule(draft);
  // The preview shown is of the rule in the fields: editing a field asks for a new preview.
  const current = plan && rule && JSON.stringify(plan.rule) === JSON.stringify(rule) ? plan : null;

  const set = (key: keyof PricingRule) => (event: { target: { value: string } }) =>
    setDraft({ ...draft, [key]: event.target.value });

  async function showPreview(event: FormEvent) {
    event.preventDefault();
    const parsed = parseRule(draft);
    setErrors(parsed.errors);
    if (!parsed.rule) return;
    const result = await preview({ seriesId, rule: parsed.rule });
    if ('error' in result) {
      dispatch(showToast({ type: 'error', message: problemOf(result.error, t('pricing.previewFailed')) }));
      return;
    }
    setPlan(result.data);
  }

  async function applyRule() {
    if (!current) return;
    const result = await apply({ seriesId, rule: current.rule });
    if ('error' in result) {
      dispatch(showToast({ type: 'error', message: problemOf(result.error, t('pricing.applyFailed')) }));
      return;
    }
    dispatch(showToast({ type: 'success', message: t('pricing.applied', { count: result.data.changed }) }));
    setPlan(null);
  }

  return (
    <section className="ch-card admin-wide-form" aria-labelledby="pricing-title">
      <h2 id="pricing-title">{t('pricing.title')}</h2>
      <form onSubmit={showPreview} noValidate className="admin-grid-2">
        <TextField
          label={t('pricing.freeEpisodes')}
          inputMode="numeric"
          value={draft.free_episodes}
          error={errors.free_episodes}
          onChange={set('free_episodes')}
        />
        <TextField
          label={t('pricing.price')}
          inputMode="numeric"
          value={draft.price}
          error={errors.price}
          onChange={set('price')}
        />
        <TextField
          label={t('pricing.step')}
          inputMode="numeric"
          value={draft.step}
          error={errors.step}
          onChange={set('step')}
        />
        <TextField
          label={t('pricing.every')}
          inputMode="numeric"
          value={draft.every}
          error={errors.every}
          onChange={set('every')}
        />
        <Button type="submit" variant="secondary" disabled={previewing.isLoading || episodes === 0}>
          {t('pricing.preview')}
        </Button>
      </form>
      {rule && <p className="ch-muted">{describeRule(rule)}.</p>}
      {current && (
        <>
          <p aria-live="polite">
            {current.changed === 0
              ? t('pricing.unchanged')
              : t('pricing.changes', { changed: current.changed, count: current.episodes.length })}
          </p>
          <div className="admin-table-wrap admin-pricing-preview">
            <table className="admin-table">
              <caption className="ch-muted">{t('pricing.caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('pricing.colEpisode')}</th>
                  <th scope="col">{t('pricing.colNow')}</th>
                  <th scope="col">{t('pricing.colAfter')}</th>
                </tr>
              </thead>
              <tbody>
                {current.episodes.map((e) => (
                  <tr key={e.episode_id} className={e.changed ? 'is-changed' : undefined}>
                    <th scope="row">
                      {t('pricing.episode', { season: e.season_number, episode: e.episode_number })}{' '}
                      <span className="ch-muted">{e.title}</span>
                    </th>
                    <td>{priceText(e.before)}</td>
                    <td>{e.changed ? <strong>{priceText(e.after)}</strong> : priceText(e.after)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Button onClick={applyRule} disabled={applying.isLoading || current.changed === 0}>
            {t('pricing.apply', { count: current.episodes.length })}
          </Button>
        </>
      )}
    </section>
  );
}
