/**
 * The money settings as forms: coin packages, Gold plans and reward amounts. Each field is checked in
 * the browser against the same limits the API holds (api/src/domains/settings/settings.schemas.ts), and
 * its message appears beside it before anything is sent; the API checks again and names what it refuses.
 */
import { Button, formatNumber, showToast, type Translations, useAppDispatch } from '@cliffhanger/shared';
import { type FormEvent, useEffect, useState } from 'react';
import { adminApi } from '../../lib/api/admin.api';
import type { AdminSettings } from '../../lib/api/admin.types';
import { Checkbox, problemOf, SelectField, TextField } from '../../lib/layout/form';
import { type SettingsKey, settingsT, useSettingsT } from './messages';

type Errors = Record<string, string>;

const WHOLE = /^\d+$/;
const PRICE = /^\d+(\.\d{1,2})?$/;
const CURRENCY = /^[a-z]{3}$/;
const PLAN_ID = /^[a-z][a-z0-9_-]{0,31}$/;
const MAX_COINS = 1_000_000;
const MAX_REWARD = 100_000;
const MAX_PRICE = 1_000_000;

/** A whole number of coins from `min` to `max`, or what to enter instead. */
function wholeError(value: string, min: number, max: number): string | undefined {
  if (!WHOLE.test(value.trim()) || Number(value) < min || Number(value) > max)
    return settingsT('rules.coins', { min: formatNumber(min), max: formatNumber(max) });
  return undefined;
}

function priceError(value: string): string | undefined {
  const text = value.trim();
  if (!PRICE.test(text) || Number(text) < 0.01 || Number(text) > MAX_PRICE)
    return settingsT('rules.price', { min: formatNumber(0.01), max: formatNumber(MAX_PRICE) });
  return undefined;
}

function currencyError(value: string): string | undefined {
  return CURRENCY.test(value.trim()) ? undefined : settingsT('rules.currency');
}

function titleError(value: string): string | undefined {
  const text = value.trim();
  if (!text) return settingsT('rules.title');
  return text.length > 80 ? settingsT('rules.titleLength') : undefined;
}

/** A title in another language may be left empty; filled in, it keeps the title's limit. */
function translatedTitleError(value = ''): string | undefined {
  return value.trim().length > 80 ? settingsT('rules.titleLength') : undefined;
}

/**
 * A pack's, plan's or offer's names by language as the API takes them: the Russian title from the
 * form (none when left empty), and any other language's kept as it was.
 */
export function withRussianTitle(ruTitle = '', before?: Translations | null): { translations?: Translations } {
  const { ru: _ru, ...others } = before ?? {};
  const title = ruTitle.trim();
  const translations: Translations = title ? { ...others, ru: { title } } : others;
  return Object.keys(translations).length > 0 ? { translations } : {};
}

/** The Russian title field every money form gives the title it names. */
export function RussianTitleField({
  label,
  value,
  error,
  onChange,
}: {
  label?: string;
  value: string;
  error?: string;
  onChange(value: string): void;
}) {
  const { t } = useSettingsT();
  return (
    <TextField
      label={label ?? t('field.ruTitle')}
      lang="ru"
      value={value}
      hint={t('field.ruTitleHint')}
      error={error}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

function collect(errors: Errors, key: string, message: string | undefined) {
  if (message) errors[key] = message;
}

const SAVE_WORDS: Record<'coin_packages' | 'gold_plans' | 'rewards', { saved: SettingsKey; failed: SettingsKey }> = {
  coin_packages: { saved: 'packages.saved', failed: 'packages.failed' },
  gold_plans: { saved: 'plans.saved', failed: 'plans.failed' },
  rewards: { saved: 'rewards.saved', failed: 'rewards.failed' },
};

/** Shared by the three forms: saves one setting and says how it went. */
function useSaveSetting(key: 'coin_packages' | 'gold_plans' | 'rewards') {
  const [save, state] = adminApi.useAdminSaveSettingMutation();
  const [problem, setProblem] = useState('');
  const dispatch = useAppDispatch();
  const { t } = useSettingsT();
  async function send(value: unknown) {
    const result = await save({ key, value });
    if ('error' in result) return setProblem(problemOf(result.error, t(SAVE_WORDS[key].failed)));
    setProblem('');
    dispatch(showToast({ type: 'success', message: t(SAVE_WORDS[key].saved) }));
  }
  return { send, saving: state.isLoading, problem, setProblem };
}

function Problem({ text }: { text: string }) {
  return text ? (
    <p className="ch-field-error" role="alert">
      {text}
    </p>
  ) : null;
}

// --- Coin packages -----------------------------------------------------------------------------------

export interface PackageDraft {
  id: number;
  title: string;
  /** The Russian title; empty (or absent) for none. */
  ru_title?: string;
  /** The names by language it was saved with (kept for the languages the form does not show). */
  translations?: Translations | null;
  coins: string;
  bonus_coins: string;
  price: string;
  currency: string;
  is_popular: boolean;
}

const packageDraft = (p: Record<string, unknown>): PackageDraft => ({
  id: Number(p.id),
  title: String(p.title ?? ''),
  ru_title: (p.translations as Translations | null | undefined)?.ru?.title ?? '',
  translations: p.translations as Translations | null | undefined,
  coins: String(p.coins ?? ''),
  bonus_coins: String(p.bonus_coins ?? 0),
  price: String(p.price ?? ''),
  currency: String(p.currency ?? 'rub'),
  is_popular: Boolean(p.is_popular),
});

export function validatePackages(rows: PackageDraft[]): Errors {
  const errors: Errors = {};
  if (rows.length === 0) errors.list = settingsT('packages.atLeastOne');
  if (rows.length > 20) errors.list = settingsT('packages.atMost');
  rows.forEach((row, i) => {
    collect(errors, `${i}.title`, titleError(row.title));
    collect(errors, `${i}.ru_title`, translatedTitleError(row.ru_title));
    collect(errors, `${i}.coins`, wholeError(row.coins, 1, MAX_COINS));
    collect(errors, `${i}.bonus_coins`, wholeError(row.bonus_coins, 0, MAX_COINS));
    collect(errors, `${i}.price`, priceError(row.price));
    collect(errors, `${i}.currency`, currencyError(row.currency));
  });
  return errors;
}

export function CoinPackagesForm({ packages }: { packages: AdminSettings['coin_packages'] }) {
  const [rows, setRows] = useState<PackageDraft[]>(() => packages.map(packageDraft));
  const [errors, setErrors] = useState<Errors>({});
  const { send, saving, problem } = useSaveSetting('coin_packages');
  const { t } = useSettingsT();
  useEffect(() => setRows(packages.map(packageDraft)), [packages]);
  const set = (i: number, changes: Partial<PackageDraft>) =>
    setRows((all) => all.map((row, j) => (j === i ? { ...row, ...changes } : row)));

  function add() {
    const id = Math.max(0, ...rows.map((row) => row.id)) + 1;
    const currency = rows[0]?.currency ?? 'rub';
    setRows([
      ...rows,
      { id, title: '', ru_title: '', coins: '', bonus_coins: '0', price: '', currency, is_popular: false },
    ]);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validatePackages(rows);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    await send(
      rows.map((row) => ({
        id: row.id,
        title: row.title.trim(),
        ...withRussianTitle(row.ru_title, row.translations),
        coins: Number(row.coins),
        bonus_coins: Number(row.bonus_coins),
        price: Number(row.price),
        currency: row.currency.trim(),
        is_popular: row.is_popular,
      })),
    );
  }

  return (
    <form className="ch-card admin-wide-form" onSubmit={submit} noValidate aria-labelledby="coin-packages">
      <h2 id="coin-packages">{t('packages.title')}</h2>
      {rows.map((row, i) => (
        <fieldset key={row.id} className="admin-setting-item">
          <legend>
            {t('packages.item', { number: i + 1 })} <span className="ch-muted">#{row.id}</span>
          </legend>
          <div className="admin-grid-2">
            <TextField
              label={t('field.title')}
              value={row.title}
              error={errors[`${i}.title`]}
              onChange={(e) => set(i, { title: e.target.value })}
            />
            <RussianTitleField
              value={row.ru_title ?? ''}
              error={errors[`${i}.ru_title`]}
              onChange={(value) => set(i, { ru_title: value })}
            />
            <TextField
              label={t('field.coins')}
              inputMode="numeric"
              value={row.coins}
              error={errors[`${i}.coins`]}
              onChange={(e) => set(i, { coins: e.target.value })}
            />
            <TextField
              label={t('field.bonusCoins')}
              inputMode="numeric"
              value={row.bonus_coins}
              error={errors[`${i}.bonus_coins`]}
              onChange={(e) => set(i, { bonus_coins: e.target.value })}
            />
            <TextField
              label={t('field.price')}
              inputMode="decimal"
              value={row.price}
              error={errors[`${i}.price`]}
              onChange={(e) => set(i, { price: e.target.value })}
            />
            <TextField
              label={t('field.currency')}
              value={row.currency}
              maxLength={3}
              error={errors[`${i}.currency`]}
              onChange={(e) => set(i, { currency: e.target.value.toLowerCase() })}
            />
          </div>
          <Checkbox
            label={t('packages.popular')}
            checked={row.is_popular}
            onChange={(on) => set(i, { is_popular: on })}
          />
          <Button
            variant="ghost"
            disabled={rows.length <= 1}
            aria-label={t('packages.remove', { number: i + 1 })}
            onClick={() => setRows(rows.filter((_, j) => j !== i))}
          >
            {t('remove')}
          </Button>
        </fieldset>
      ))}
      <Problem text={errors.list ?? problem} />
      <div className="admin-toolbar">
        <Button variant="secondary" disabled={rows.length >= 20} onClick={add}>
          {t('packages.add')}
        </Button>
        <Button type="submit" disabled={saving}>
          {t('packages.save')}
        </Button>
      </div>
    </form>
  );
}

// --- Gold plans --------------------------------------------------------------------------------------

export interface PlanDraft {
  id: string;
  title: string;
  /** The Russian title; empty (or absent) for none. */
  ru_title?: string;
  /** The names by language it was saved with (kept for the languages the form does not show). */
  translations?: Translations | null;
  interval: 'month' | 'year';
  price: string;
  currency: string;
  /** Saved before: its id is what existing subscriptions name, so it stays. */
  saved: boolean;
}

const planDraft = (p: Record<string, unknown>): PlanDraft => ({
  id: String(p.id ?? ''),
  title: String(p.title ?? ''),
  ru_title: (p.translations as Translations | null | undefined)?.ru?.title ?? '',
  translations: p.translations as Translations | null | undefined,
  interval: p.interval === 'year' ? 'year' : 'month',
  price: String(p.price ?? ''),
  currency: String(p.currency ?? 'rub'),
  saved: true,
});

export function validatePlans(rows: PlanDraft[]): Errors {
  const errors: Errors = {};
  if (rows.length === 0) errors.list = settingsT('plans.atLeastOne');
  if (rows.length > 10) errors.list = settingsT('plans.atMost');
  const seen = new Set<string>();
  rows.forEach((row, i) => {
    const id = row.id.trim();
    if (!PLAN_ID.test(id)) errors[`${i}.id`] = settingsT('plans.codeRule');
    else if (seen.has(id)) errors[`${i}.id`] = settingsT('plans.codeTaken');
    seen.add(id);
    collect(errors, `${i}.title`, titleError(row.title));
    collect(errors, `${i}.ru_title`, translatedTitleError(row.ru_title));
    collect(errors, `${i}.price`, priceError(row.price));
    collect(errors, `${i}.currency`, currencyError(row.currency));
  });
  return errors;
}

export function GoldPlansForm({ plans }: { plans: AdminSettings['gold_plans'] }) {
  const [rows, setRows] = useState<PlanDraft[]>(() => plans.map(planDraft));
  const [errors, setErrors] = useState<Errors>({});
  const { send, saving, problem } = useSaveSetting('gold_plans');
  const { t } = useSettingsT();
  useEffect(() => setRows(plans.map(planDraft)), [plans]);
  const set = (i: number, changes: Partial<PlanDraft>) =>
    setRows((all) => all.map((row, j) => (j === i ? { ...row, ...changes } : row)));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validatePlans(rows);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    await send(
      rows.map((row) => ({
        id: row.id.trim(),
        name: 'Gold',
        interval: row.interval,
        price: Number(row.price),
        currency: row.currency.trim(),
        title: row.title.trim(),
        ...withRussianTitle(row.ru_title, row.translations),
      })),
    );
  }

  return (
    <form className="ch-card admin-wide-form" onSubmit={submit} noValidate aria-labelledby="gold-plans">
      <h2 id="gold-plans">{t('plans.title')}</h2>
      {rows.map((row, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a new plan's code is typed in, so the position is its identity
        <fieldset key={i} className="admin-setting-item">
          <legend>{t('plans.item', { number: i + 1 })}</legend>
          <div className="admin-grid-2">
            <TextField
              label={t('plans.code')}
              value={row.id}
              disabled={row.saved}
              hint={row.saved ? t('plans.codeKept') : t('plans.codeExample')}
              error={errors[`${i}.id`]}
              onChange={(e) => set(i, { id: e.target.value })}
            />
            <TextField
              label={t('field.title')}
              value={row.title}
              error={errors[`${i}.title`]}
              onChange={(e) => set(i, { title: e.target.value })}
            />
            <RussianTitleField
              value={row.ru_title ?? ''}
              error={errors[`${i}.ru_title`]}
              onChange={(value) => set(i, { ru_title: value })}
            />
            <SelectField
              label={t('plans.billed')}
              value={row.interval}
              options={[
                ['month', t('plans.month')],
                ['year', t('plans.year')],
              ]}
              onChange={(value) => set(i, { interval: value === 'year' ? 'year' : 'month' })}
            />
            <TextField
              label={t('field.price')}
              inputMode="decimal"
              value={row.price}
              error={errors[`${i}.price`]}
              onChange={(e) => set(i, { price: e.target.value })}
            />
            <TextField
              label={t('field.currency')}
              value={row.currency}
              maxLength={3}
              error={errors[`${i}.currency`]}
              onChange={(e) => set(i, { currency: e.target.value.toLowerCase() })}
            />
          </div>
          <Button
            variant="ghost"
            disabled={rows.length <= 1}
            aria-label={t('plans.remove', { number: i + 1 })}
            onClick={() => setRows(rows.filter((_, j) => j !== i))}
          >
            {t('remove')}
          </Button>
        </fieldset>
      ))}
      <Problem text={errors.list ?? problem} />
      <div className="admin-toolbar">
        <Button
          variant="secondary"
          disabled={rows.length >= 10}
          onClick={() =>
            setRows([
              ...rows,
              {
                id: '',
                title: '',
                ru_title: '',
                interval: 'month',
                price: '',
                currency: rows[0]?.currency ?? 'rub',
                saved: false,
              },
            ])
          }
        >
          {t('plans.add')}
        </Button>
        <Button type="submit" disabled={saving}>
          {t('plans.save')}
        </Button>
      </div>
    </form>
  );
}

// --- Rewards -----------------------------------------------------------------------------------------

export interface RewardsDraft {
  daily_bonus: string[];
  share_coins: string;
  follow_prompt_coins: string;
}

const rewardsDraft = (r: AdminSettings['rewards']): RewardsDraft => ({
  daily_bonus: r.daily_bonus.map(String),
  share_coins: String(r.share_coins),
  follow_prompt_coins: String(r.follow_prompt_coins),
});

export function validateRewards(draft: RewardsDraft): Errors {
  const errors: Errors = {};
  if (draft.daily_bonus.length === 0) errors.days = settingsT('rewards.atLeastOne');
  if (draft.daily_bonus.length > 31) errors.days = settingsT('rewards.atMost');
  draft.daily_bonus.forEach((value, i) => {
    collect(errors, `day.${i}`, wholeError(value, 0, MAX_REWARD));
  });
  collect(errors, 'share_coins', wholeError(draft.share_coins, 0, MAX_REWARD));
  collect(errors, 'follow_prompt_coins', wholeError(draft.follow_prompt_coins, 0, MAX_REWARD));
  return errors;
}

export function RewardsForm({ rewards }: { rewards: AdminSettings['rewards'] }) {
  const [draft, setDraft] = useState<RewardsDraft>(() => rewardsDraft(rewards));
  const [errors, setErrors] = useState<Errors>({});
  const { send, saving, problem } = useSaveSetting('rewards');
  const { t } = useSettingsT();
  useEffect(() => setDraft(rewardsDraft(rewards)), [rewards]);
  const setDay = (i: number, value: string) =>
    setDraft((d) => ({ ...d, daily_bonus: d.daily_bonus.map((day, j) => (j === i ? value : day)) }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateRewards(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    await send({
      daily_bonus: draft.daily_bonus.map(Number),
      share_coins: Number(draft.share_coins),
      follow_prompt_coins: Number(draft.follow_prompt_coins),
    });
  }

  return (
    <form className="ch-card admin-wide-form" onSubmit={submit} noValidate aria-labelledby="reward-amounts">
      <h2 id="reward-amounts">{t('rewards.title')}</h2>
      <fieldset className="admin-setting-item">
        <legend>{t('rewards.daily')}</legend>
        <p className="ch-muted admin-hint">{t('rewards.startsOver')}</p>
        <div className="admin-days">
          {draft.daily_bonus.map((value, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a day is its position in the streak
            <div key={i}>
              <TextField
                label={t('rewards.day', { number: i + 1 })}
                inputMode="numeric"
                value={value}
                error={errors[`day.${i}`]}
                onChange={(e) => setDay(i, e.target.value)}
              />
            </div>
          ))}
        </div>
        <div className="admin-toolbar">
          <Button
            variant="secondary"
            disabled={draft.daily_bonus.length >= 31}
            onClick={() => setDraft((d) => ({ ...d, daily_bonus: [...d.daily_bonus, d.daily_bonus.at(-1) ?? '0'] }))}
          >
            {t('rewards.addDay')}
          </Button>
          <Button
            variant="ghost"
            disabled={draft.daily_bonus.length <= 1}
            onClick={() => setDraft((d) => ({ ...d, daily_bonus: d.daily_bonus.slice(0, -1) }))}
          >
            {t('rewards.removeDay')}
          </Button>
        </div>
      </fieldset>
      <div className="admin-grid-2">
        <TextField
          label={t('rewards.share')}
          inputMode="numeric"
          hint={t('rewards.shareHint')}
          value={draft.share_coins}
          error={errors.share_coins}
          onChange={(e) => setDraft((d) => ({ ...d, share_coins: e.target.value }))}
        />
        <TextField
          label={t('rewards.follow')}
          inputMode="numeric"
          hint={t('rewards.followHint')}
          value={draft.follow_prompt_coins}
          error={errors.follow_prompt_coins}
          onChange={(e) => setDraft((d) => ({ ...d, follow_prompt_coins: e.target.value }))}
        />
      </div>
      <Problem text={errors.days ?? problem} />
      <Button type="submit" disabled={saving}>
        {t('rewards.save')}
      </Button>
    </form>
  );
}
