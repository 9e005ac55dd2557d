/**
 * Settings: catalogue defaults, feature switches, and the money settings (coin packages, the
 * first-purchase offer, Gold plans, reward amounts), each as a form whose fields are checked before
 * anything is sent.
 */
import { Button, ErrorNotice, InlineSpinner, showToast, useAppDispatch } from '@cliffhanger/shared';
import { type FormEvent, useState } from 'react';
import { adminApi } from '../../lib/api/admin.api';
import type { AdminSettings } from '../../lib/api/admin.types';
import { AdminLayout } from '../../lib/layout/admin-layout';
import { Checkbox, problemOf, TextField } from '../../lib/layout/form';
import { FirstPurchaseOfferForm } from './first-purchase-offer-form';
import { type SettingsKey, useSettingsT } from './messages';
import { CoinPackagesForm, GoldPlansForm, RewardsForm } from './money-forms';

const SWITCHES: ReadonlySet<string> = new Set([
  'daily_bonus',
  'share_rewards',
  'follow_prompt',
  'gold_subscriptions',
  'coin_store',
]);

function CatalogueDefaults({ settings }: { settings: AdminSettings }) {
  const [free, setFree] = useState(String(settings.catalogue_defaults.free_episodes));
  const [cost, setCost] = useState(String(settings.catalogue_defaults.coin_cost));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [save] = adminApi.useAdminSaveSettingMutation();
  const dispatch = useAppDispatch();
  const { t } = useSettingsT();
  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!/^\d+$/.test(free)) found.free = t('defaults.freeRule');
    if (!/^\d+$/.test(cost) || Number(cost) < 1) found.cost = t('defaults.costRule');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const result = await save({
      key: 'catalogue_defaults',
      value: { free_episodes: Number(free), coin_cost: Number(cost) },
    });
    if ('error' in result) setErrors({ free: problemOf(result.error, t('defaults.failed')) });
    else dispatch(showToast({ type: 'success', message: t('defaults.saved') }));
  }
  return (
    <form className="ch-card admin-wide-form" onSubmit={submit} noValidate>
      <h2>{t('defaults.title')}</h2>
      <div className="admin-grid-2">
        <TextField
          label={t('defaults.free')}
          inputMode="numeric"
          value={free}
          error={errors.free}
          onChange={(e) => setFree(e.target.value)}
        />
        <TextField
          label={t('defaults.cost')}
          inputMode="numeric"
          value={cost}
          error={errors.cost}
          onChange={(e) => setCost(e.target.value)}
        />
      </div>
      <Button type="submit">{t('defaults.save')}</Button>
    </form>
  );
}

function FeatureSwitches({ settings }: { settings: AdminSettings }) {
  const [save] = adminApi.useAdminSaveSettingMutation();
  const dispatch = useAppDispatch();
  const { t } = useSettingsT();
  const nameOf = (key: string) => (SWITCHES.has(key) ? t(`switch.${key}` as SettingsKey) : key);
  // A switch acts on every viewer at once (one click can close the coin store): it asks first.
  const toggle = async (key: string, value: boolean) => {
    const name = nameOf(key);
    if (!window.confirm(t(value ? 'switch.confirmOn' : 'switch.confirmOff', { name }))) return;
    const result = await save({ key: 'feature_switches', value: { ...settings.feature_switches, [key]: value } });
    if ('error' in result) dispatch(showToast({ type: 'error', message: problemOf(result.error, t('switch.failed')) }));
    else dispatch(showToast({ type: 'success', message: t(value ? 'switch.savedOn' : 'switch.savedOff', { name }) }));
  };
  return (
    <fieldset className="ch-card admin-wide-form">
      <legend>{t('features')}</legend>
      {Object.entries(settings.feature_switches).map(([key, on]) => (
        <Checkbox key={key} label={nameOf(key)} checked={on} onChange={(v) => toggle(key, v)} />
      ))}
    </fieldset>
  );
}

export function Settings() {
  const { data, isError, refetch } = adminApi.useAdminSettingsQuery();
  const { t } = useSettingsT();
  return (
    <AdminLayout title={t('title')}>
      {isError && <ErrorNotice message={t('failed')} onRetry={refetch} />}
      {!data && !isError && <InlineSpinner />}
      {data && (
        <>
          <CatalogueDefaults settings={data} />
          <FeatureSwitches settings={data} />
          <CoinPackagesForm packages={data.coin_packages} />
          <FirstPurchaseOfferForm offer={data.first_purchase_offer} packages={data.coin_packages} />
          <GoldPlansForm plans={data.gold_plans} />
          <RewardsForm rewards={data.rewards} />
        </>
      )}
    </AdminLayout>
  );
}
