/**
 * The first-purchase offer as a form: one coin package, extra coins or a lower price, the title
 * viewers see, on/off and an optional last day. Checked here against the limits the API holds
 * (settings.schemas.ts FirstPurchaseOfferSchema, settings.service.ts assertOfferFits); the API checks
 * again and names what it refuses. Who gets the offer is decided by the server, not here.
 */
import {
  Button,
  FIRST_PURCHASE_OFFER_LABEL,
  type FirstPurchaseOfferKind,
  type FirstPurchaseOfferSetting,
  showToast,
  useAppDispatch,
} from '@cliffhanger/shared';
import { type FormEvent, useEffect, useState } from 'react';
import { adminApi } from '../api/admin.api';
import type { AdminSettings } from '../api/admin.types';
import { Checkbox, problemOf, SelectField, TextField } from '../layout/form';

type Package = AdminSettings['coin_packages'][number];
type Errors = Record<string, string>;

export interface OfferDraft {
  enabled: boolean;
  package_id: string;
  kind: FirstPurchaseOfferKind;
  extra_coins: string;
  price: string;
  title: string;
  /** YYYY-MM-DD, the last day of the offer (UTC); empty for none. */
  last_day: string;
}

const MAX_COINS = 1_000_000;
const WHOLE = /^\d+$/;
const PRICE = /^\d+(\.\d{1,2})?$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const KINDS = [
  ['extra_coins', 'Extra coins for the usual price'],
  ['lower_price', 'The usual coins for a lower price'],
] as const;

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
    last_day: offer?.ends_at ? offer.ends_at.slice(0, 10) : '',
  };
}

export function validateOffer(draft: OfferDraft, packages: Package[], now = new Date()): Errors {
  const errors: Errors = {};
  const pkg = packages.find((candidate) => String(candidate.id) === draft.package_id);
  if (!pkg) errors.package_id = 'Pick the coin package the offer is on';
  if (draft.kind === 'extra_coins') {
    const text = draft.extra_coins.trim();
    if (!WHOLE.test(text) || Number(text) < 1 || Number(text) > MAX_COINS)
      errors.extra_coins = 'Enter a whole number of extra coins from 1 to 1,000,000';
  } else {
    const text = draft.price.trim();
    if (!PRICE.test(text) || Number(text) < 0.01) errors.price = 'Enter a price from 0.01, with at most two decimals';
    else if (pkg && Math.round(Number(text) * 100) >= Math.round(pkg.price * 100))
      errors.price = `Enter a price lower than the usual ${pkg.price} ${pkg.currency}`;
  }
  const title = draft.title.trim();
  if (!title) errors.title = 'Enter the title viewers see';
  else if (title.length > 80) errors.title = 'Keep the title within 80 characters';
  if (draft.last_day) {
    const end = Date.parse(endOfDay(draft.last_day));
    if (!DAY.test(draft.last_day) || Number.isNaN(end)) errors.last_day = 'Enter a real date, or leave it empty';
    else if (draft.enabled && end <= now.getTime()) errors.last_day = 'Pick a last day that has not passed yet';
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
    ...(draft.last_day ? { ends_at: endOfDay(draft.last_day) } : {}),
  };
}

/** What a viewer would read on the pack, from the draft, when it is complete. */
function preview(draft: OfferDraft, pkg: Package | undefined): string | null {
  if (!pkg) return null;
  const usual = pkg.coins + pkg.bonus_coins;
  if (draft.kind === 'extra_coins') {
    if (!WHOLE.test(draft.extra_coins.trim())) return null;
    return `${usual + Number(draft.extra_coins)} coins for ${pkg.price} ${pkg.currency} (usually ${usual} coins)`;
  }
  if (!PRICE.test(draft.price.trim())) return null;
  return `${usual} coins for ${Number(draft.price)} ${pkg.currency} instead of ${pkg.price} ${pkg.currency}`;
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
  useEffect(() => setDraft(draftOf(offer, packages)), [offer, packages]);
  const set = (changes: Partial<OfferDraft>) => setDraft((current) => ({ ...current, ...changes }));
  const pkg = packages.find((candidate) => String(candidate.id) === draft.package_id);
  const offerMissing = offer && !packages.some((candidate) => candidate.id === offer.package_id);

  async function send(value: FirstPurchaseOfferSetting | null, done: string) {
    const result = await save({ key: 'first_purchase_offer', value });
    if ('error' in result) return setProblem(problemOf(result.error, 'The first-purchase offer could not be saved'));
    setProblem('');
    dispatch(showToast({ type: 'success', message: done }));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateOffer(draft, packages);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    await send(offerValue(draft), 'First-purchase offer saved');
  }

  const shown = preview(draft, pkg);
  return (
    <form className="ch-card admin-wide-form" onSubmit={submit} noValidate aria-labelledby="first-purchase-offer">
      <h2 id="first-purchase-offer">First-purchase offer</h2>
      <p className="ch-muted">
        Shown as “{FIRST_PURCHASE_OFFER_LABEL}” to viewers who have never paid for coins or Gold, once each.
      </p>
      {offerMissing && (
        <p className="ch-field-error" role="alert">
          The package this offer was on is no longer on sale, so viewers do not see it. Pick another package.
        </p>
      )}
      <Checkbox label="Offer on" checked={draft.enabled} onChange={(on) => set({ enabled: on })} />
      <div className="admin-grid-2">
        <SelectField
          label="Coin package"
          value={draft.package_id}
          options={packages.map(
            (p) => [String(p.id), `${p.title}: ${p.coins + p.bonus_coins} coins for ${p.price} ${p.currency}`] as const,
          )}
          onChange={(value) => set({ package_id: value })}
        />
        <SelectField
          label="What the offer gives"
          value={draft.kind}
          options={KINDS}
          onChange={(value) => set({ kind: value as FirstPurchaseOfferKind })}
        />
        {draft.kind === 'extra_coins' ? (
          <TextField
            label="Extra coins"
            inputMode="numeric"
            value={draft.extra_coins}
            error={errors.extra_coins}
            onChange={(e) => set({ extra_coins: e.target.value })}
          />
        ) : (
          <TextField
            label="Offer price"
            inputMode="decimal"
            value={draft.price}
            error={errors.price}
            hint={pkg ? `The usual price is ${pkg.price} ${pkg.currency}` : undefined}
            onChange={(e) => set({ price: e.target.value })}
          />
        )}
        <TextField
          label="Title viewers see"
          value={draft.title}
          maxLength={120}
          error={errors.title}
          onChange={(e) => set({ title: e.target.value })}
        />
        <TextField
          label="Last day (optional)"
          type="date"
          value={draft.last_day}
          error={errors.last_day}
          hint="The offer ends when this day ends (UTC). Leave empty for no end date."
          onChange={(e) => set({ last_day: e.target.value })}
        />
      </div>
      {errors.package_id && (
        <p className="ch-field-error" role="alert">
          {errors.package_id}
        </p>
      )}
      {shown && <p className="ch-muted">Viewers get: {shown}</p>}
      {problem && (
        <p className="ch-field-error" role="alert">
          {problem}
        </p>
      )}
      <div className="admin-toolbar">
        <Button type="submit" disabled={state.isLoading}>
          Save offer
        </Button>
        {offer && (
          <Button variant="ghost" disabled={state.isLoading} onClick={() => send(null, 'First-purchase offer removed')}>
            Remove offer
          </Button>
        )}
      </div>
    </form>
  );
}
