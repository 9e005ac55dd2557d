/**
 * Bulk pricing: one rule for every episode of a series, in play order — "episodes 1–5 free, then 12
 * coins, rising by 2 every 10 episodes". Staff see what it does to each episode before applying it;
 * applying is one change on the server with one audit entry.
 */
import { Button, showToast, useAppDispatch } from '@cliffhanger/shared';
import { type FormEvent, useState } from 'react';
import { adminApi } from '../api/admin.api';
import type { PricingPlan, PricingRule } from '../api/admin.types';
import { problemOf, TextField } from '../layout/form';

type Draft = Record<keyof PricingRule, string>;

const LIMITS: Record<keyof PricingRule, { min: number; max: number; message: string }> = {
  free_episodes: { min: 0, max: 5_000, message: 'Enter how many episodes are free: 0 or more' },
  price: { min: 1, max: 100_000, message: 'Enter the first paid price: at least 1 coin' },
  step: { min: 0, max: 10_000, message: 'Enter how much the price rises: 0 or more coins' },
  every: { min: 1, max: 5_000, message: 'Enter after how many paid episodes it rises: at least 1' },
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
    if (!/^\d+$/.test(text) || value < min || value > max) errors[key] = message;
    else rule[key] = value;
  }
  return { rule: Object.keys(errors).length === 0 ? rule : null, errors };
}

/** The rule in words, as staff would say it. */
export function describeRule(rule: PricingRule): string {
  const free = rule.free_episodes === 0 ? 'No free episodes' : `Episodes 1–${rule.free_episodes} free`;
  const rise = rule.step === 0 ? '' : `, rising by ${rule.step} every ${rule.every} episodes`;
  return `${free}, then ${rule.price} coins${rise}`;
}

const priceText = (price: { is_free: boolean; coin_cost: number }) =>
  price.is_free ? 'free' : `${price.coin_cost} coins`;

export function PricingRulePanel({ seriesId, episodes }: { seriesId: number; episodes: number }) {
  const [draft, setDraft] = useState<Draft>({ free_episodes: '5', price: '12', step: '2', every: '10' });
  const [errors, setErrors] = useState<Partial<Record<keyof PricingRule, string>>>({});
  const [plan, setPlan] = useState<PricingPlan | null>(null);
  const [preview, previewing] = adminApi.useAdminPreviewPricingMutation();
  const [apply, applying] = adminApi.useAdminApplyPricingMutation();
  const dispatch = useAppDispatch();
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
      dispatch(showToast({ type: 'error', message: problemOf(result.error, 'The preview could not be made') }));
      return;
    }
    setPlan(result.data);
  }

  async function applyRule() {
    if (!current) return;
    const result = await apply({ seriesId, rule: current.rule });
    if ('error' in result) {
      dispatch(showToast({ type: 'error', message: problemOf(result.error, 'The prices could not be changed') }));
      return;
    }
    dispatch(showToast({ type: 'success', message: `New prices saved for ${result.data.changed} episodes` }));
    setPlan(null);
  }

  return (
    <section className="ch-card admin-wide-form" aria-labelledby="pricing-title">
      <h2 id="pricing-title">Price every episode at once</h2>
      <form onSubmit={showPreview} noValidate className="admin-grid-2">
        <TextField
          label="Free episodes at the start"
          inputMode="numeric"
          value={draft.free_episodes}
          error={errors.free_episodes}
          onChange={set('free_episodes')}
        />
        <TextField
          label="Then each episode costs (coins)"
          inputMode="numeric"
          value={draft.price}
          error={errors.price}
          onChange={set('price')}
        />
        <TextField
          label="Rising by (coins)"
          inputMode="numeric"
          value={draft.step}
          error={errors.step}
          onChange={set('step')}
        />
        <TextField
          label="Every (paid episodes)"
          inputMode="numeric"
          value={draft.every}
          error={errors.every}
          onChange={set('every')}
        />
        <Button type="submit" variant="secondary" disabled={previewing.isLoading || episodes === 0}>
          Preview the prices
        </Button>
      </form>
      {rule && <p className="ch-muted">{describeRule(rule)}.</p>}
      {current && (
        <>
          <p aria-live="polite">
            {current.changed === 0
              ? 'Every episode already has this price.'
              : `${current.changed} of ${current.episodes.length} episodes change price.`}
          </p>
          <div className="admin-table-wrap admin-pricing-preview">
            <table className="admin-table">
              <caption className="ch-muted">Prices before and after, in play order</caption>
              <thead>
                <tr>
                  <th scope="col">Episode</th>
                  <th scope="col">Now</th>
                  <th scope="col">After</th>
                </tr>
              </thead>
              <tbody>
                {current.episodes.map((e) => (
                  <tr key={e.episode_id} className={e.changed ? 'is-changed' : undefined}>
                    <th scope="row">
                      S{e.season_number} E{e.episode_number} <span className="ch-muted">{e.title}</span>
                    </th>
                    <td>{priceText(e.before)}</td>
                    <td>{e.changed ? <strong>{priceText(e.after)}</strong> : priceText(e.after)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Button onClick={applyRule} disabled={applying.isLoading || current.changed === 0}>
            Apply to all {current.episodes.length} episodes
          </Button>
        </>
      )}
    </section>
  );
}
