/**
 * The first-purchase offer as a form: one coin package, extra coins or a lower price, the title
 * viewers see (and its Russian version), on/off and an optional last day. Checked here against the limits the API holds
 * (settings.schemas.ts FirstPurchaseOfferSchema, settings.service.ts assertOfferFits); the API checks
 * again and names what it refuses. Who gets the offer is decided by the server, not here.
 */
import {
  Button,
  type FirstPurchaseOfferKind,
  type FirstPurchaseOfferSetting,
  formatMoney,
  formatNumber,
  showToast,
  type Translations,
  useAppDispatch,
} from '@cliffhanger/shared';
import { type FormEvent, useEffect, useState } from 'react';
import { adminApi } from '../../lib/api/admin.api';
import type { AdminSettings } from '../../lib/api/admin.types';
import { Checkbox, problemOf, SelectField, TextField } from '../../lib/layout/form';
import { settingsT, useSettingsT } from './messages';
import { RussianTitleField, withRussianTitle } from './money-forms';

type Package = AdminSettings['coin_packages'][number];
type Errors = Record<string, string>;

export interface OfferDraft {
  enabled: boolean;
  package_id: string;
  kind: FirstPurchaseOfferKind;
  extra_coins: string;
  price: string;
  title: string;
  /** The Russian title; empty (or absent) for none. */
  ru_title?: string;
  /** The names by language it was saved with (kept for the languages the form does not show). */
  translations?: Translations | null;
  /** YYYY-MM-DD, the last day of the offer (UTC); empty for none. */
  last_day: string;
}

const MAX_COINS = 1_000_000;
const WHOLE = /^\d+$/;
const PRICE = /^\d+(\.\d{1,2})?$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A package's price in its currency, in the page's language ("99 ₽"); an odd currency code as typed. */
function price(amount: number, currency: string): string {
  try {
    return formatMoney(amount, currency);
  } catch {
    return `${formatNumber(amount)} ${currency}`;
  }
}

/** "1 coin", "5 монет": a count of coins in the page's language. */
const coins = (count: number) => settingsT('offer.coins', { count, value: formatNumber(count) });

/** The offer ends when its last day ends, in UTC. */
const endOfDay = (day: string) => `${day}T23:59:59Z`;

function draftOf(offer: FirstPurchaseOfferSetting | null | undefined, packages: Package[]): OfferDraft {
  return {
    enabled: offer?.enabled ?? true,
    package_id: String(offer?.package_id ?? packages[0]?.id ?? ''),
    kind: offer?.kind ?? 'extra_coins',
    extra_coins: offer?.extra_coins !== undefined ? String(offer.extra_coins) : '',
    price: offer?.price !== undefined ? String(offer.price) : '',
    title: offer?.title ?? '',
    ru_title: offer?.translations?.ru?.title ?? '',
    translations: offer?.translations,
    last_day: offer?.ends_at ? offer.ends_at.slice(0, 10) : '',
  };
}

export function validateOffer(draft: OfferDraft, packages: Package[], now = new Date()): Errors {
  const errors: Errors = {};
  const pkg = packages.find((candidate) => String(candidate.id) === draft.package_id);
  if (!pkg) errors.package_id = settingsT('offer.pickPackage');
  if (draft.kind === 'extra_coins') {
    const text = draft.extra_coins.trim();
    if (!WHOLE.test(text) || Number(text) < 1 || Number(text) > MAX_COINS)
      errors.extra_coins = settingsT('offer.extraRule', { max: formatNumber(MAX_COINS) });
  } else {
    const text = draft.price.trim();
    if (!PRICE.test(text) || Number(text) < 0.01)
      errors.price = settingsT('offer.priceRule', { min: formatNumber(0.01) });
    else if (pkg && Math.round(Number(text) * 100) >= Math.round(pkg.price * 100))
      errors.price = settingsT('offer.priceLower', { price: price(pkg.price, pkg.currency) });
  }
  const title = draft.title.trim();
  if (!title) errors.title = settingsT('offer.titleRule');
  else if (title.length > 80) errors.title = settingsT('rules.titleLength');
  if ((draft.ru_title ?? '').trim().length > 80) errors.ru_title = settingsT('rules.titleLength');
  if (draft.last_day) {
    const end = Date.parse(endOfDay(draft.last_day));
    if (!DAY.test(draft.last_day) || Number.isNaN(end)) errors.last_day = settingsT('offer.realDate');
    else if (draft.enabled && end <= now.getTime()) errors.last_day = settingsT('offer.futureDate');
  }
  return errors;
}

export function offerValue(draft: OfferDraft): FirstPurchaseOfferSetting {
  return {
    enabled: draft.enabled,
    package_id: Number(draft.package_id),
    kind: draft.kind,
    ...(draft.kind === 'extra_coins'
      ? { extra_coins: Number(draft.extra_coins.trim()) }
      : { price: Number(draft.price.trim()) }),
    title: draft.title.trim(),
    ...withRussianTitle(draft.ru_title, draft.translations),
    ...(draft.last_day ? { ends_at: endOfDay(draft.last_day) } : {}),
  };
}

/** What a viewer would read on the pack, from the draft, when it is complete. */
function preview(draft: OfferDraft, pkg: Package | undefined): string | null {
  if (!pkg) return null;
  const usual = pkg.coins + pkg.bonus_coins;
  if (draft.kind === 'extra_coins') {
    if (!WHOLE.test(draft.extra_coins.trim())) return null;
    return settingsT('offer.extraPreview', {
      coins: coins(usual + Number(draft.extra_coins)),
      price: price(pkg.price, pkg.currency),
      usual: coins(usual),
    });
  }
  if (!PRICE.test(draft.price.trim())) return null;
  return settingsT('offer.lowerPreview', {
    coins: coins(usual),
    price: price(Number(draft.price), pkg.currency),
    usualPrice: price(pkg.price, pkg.currency),
  });
}

export function FirstPurchaseOfferForm({
  offer,
  packages,
}: {
  offer: FirstPurchaseOfferSetting | null | undefined;
  packages: Package[];
}) {
  const [draft, setDraft] = useState<OfferDraft>(() => draftOf(offer, packages));
  const [errors, setErrors] = useState<Errors>({});
  const [problem, setProblem] = useState('');
  const [save, state] = adminApi.useAdminSaveSettingMutation();
  const dispatch = useAppDispatch();
  const { t } = useSettingsT();
  useEffect(() => setDraft(draftOf(offer, packages)), [offer, packages]);
  const set = (changes: Partial<OfferDraft>) => setDraft((current) => ({ ...current, ...changes }));
  const pkg = packages.find((candidate) => String(candidate.id) === draft.package_id);
  const offerMissing = offer && !packages.some((candidate) => candidate.id === offer.package_id);

  async function send(value: FirstPurchaseOfferSetting | null, done: string) {
    const result = await save({ key: 'first_purchase_offer', value });
    if ('error' in result) return setProblem(problemOf(result.error, t('offer.failed')));
    setProblem('');
    dispatch(showToast({ type: 'success', message: done }));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateOffer(draft, packages);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    await send(offerValue(draft), t('offer.saved'));
  }

  const shown = preview(draft, pkg);
  return (
    <form className="ch-card admin-wide-form" onSubmit={submit} noValidate aria-labelledby="first-purchase-offer">
      <h2 id="first-purchase-offer">{t('offer.title')}</h2>
      <p className="ch-muted">{t('offer.intro', { label: t('offer.viewerLabel') })}</p>
      {offerMissing && (
        <p className="ch-field-error" role="alert">
          {t('offer.missing')}
        </p>
      )}
      <Checkbox label={t('offer.on')} checked={draft.enabled} onChange={(on) => set({ enabled: on })} />
      <div className="admin-grid-2">
        <SelectField
          label={t('offer.package')}
          value={draft.package_id}
          options={packages.map(
            (p) =>
              [
                String(p.id),
                t('offer.packageOption', {
                  title: p.title,
                  coins: coins(p.coins + p.bonus_coins),
                  price: price(p.price, p.currency),
                }),
              ] as const,
          )}
          onChange={(value) => set({ package_id: value })}
        />
        <SelectField
          label={t('offer.kind')}
          value={draft.kind}
          options={[
            ['extra_coins', t('offer.kindExtra')],
            ['lower_price', t('offer.kindLower')],
          ]}
          onChange={(value) => set({ kind: value as FirstPurchaseOfferKind })}
        />
        {draft.kind === 'extra_coins' ? (
          <TextField
            label={t('offer.extra')}
            inputMode="numeric"
            value={draft.extra_coins}
            error={errors.extra_coins}
            onChange={(e) => set({ extra_coins: e.target.value })}
          />
        ) : (
          <TextField
            label={t('offer.price')}
            inputMode="decimal"
            value={draft.price}
            error={errors.price}
            hint={pkg ? t('offer.usualPrice', { price: price(pkg.price, pkg.currency) }) : undefined}
            onChange={(e) => set({ price: e.target.value })}
          />
        )}
        <TextField
          label={t('offer.viewerTitle')}
          value={draft.title}
          maxLength={120}
          error={errors.title}
          onChange={(e) => set({ title: e.target.value })}
        />
        <RussianTitleField
          label={t('offer.viewerRuTitle')}
          value={draft.ru_title ?? ''}
          error={errors.ru_title}
          onChange={(value) => set({ ru_title: value })}
        />
        <TextField
          label={t('offer.lastDay')}
          type="date"
          value={draft.last_day}
          error={errors.last_day}
          hint={t('offer.lastDayHint')}
          onChange={(e) => set({ last_day: e.target.value })}
        />
      </div>
      {errors.package_id && (
        <p className="ch-field-error" role="alert">
          {errors.package_id}
        </p>
      )}
      {shown && <p className="ch-muted">{t('offer.preview', { offer: shown })}</p>}
      {problem && (
        <p className="ch-field-error" role="alert">
          {problem}
        </p>
      )}
      <div className="admin-toolbar">
        <Button type="submit" disabled={state.isLoading}>
          {t('offer.save')}
        </Button>
        {offer && (
          <Button variant="ghost" disabled={state.isLoading} onClick={() => send(null, t('offer.removed'))}>
            {t('offer.remove')}
          </Button>
        )}
      </div>
    </form>
  );
}
