import {
  Button,
  CoinIcon,
  FormField,
  formatDate,
  Icon,
  type SessionUser,
  selectCoinBalance,
  selectIsGold,
  selectSession,
  signOutRequested,
  useAppDispatch,
  useSharedSelector,
} from '@cliffhanger/shared';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { useAccountT } from '../../messages';
import { failure } from '../auth/auth-forms';
import { type FieldErrors, problems, usernameProblem } from '../auth/field-rules';
import { useAccountUpdateProfileMutation } from './profile.api';

/** The avatar's letter: the first of the username or address; empty when there is neither (a person is drawn). */
export const avatarInitial = (user: Pick<SessionUser, 'username' | 'email'>) =>
  (user.username || user.email || '').charAt(0).toUpperCase();

function formatDay(iso: string | null, language: Parameters<typeof formatDate>[2]) {
  return iso ? formatDate(iso, 'long', language) : '';
}

function EditProfileForm({ user, onDone }: { user: SessionUser; onDone: () => void }) {
  const [values, setValues] = useState({
    username: user.username ?? '',
    first_name: user.first_name ?? '',
    last_name: user.last_name ?? '',
  });
  const [errors, setErrors] = useState<FieldErrors<'username'>>({});
  const [save, { isLoading, error }] = useAccountUpdateProfileMutation();
  const { t } = useAccountT();
  const bind = (key: keyof typeof values) => ({
    value: values[key],
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [key]: event.target.value })),
  });
  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = problems({
      username: values.username.trim() ? usernameProblem(values.username) : t('details.chooseUsername'),
    });
    setErrors(found);
    if (found.username) return;
    const result = await save({
      username: values.username.trim(),
      first_name: values.first_name.trim(),
      last_name: values.last_name.trim(),
    });
    if ('data' in result) onDone();
  }
  return (
    <form className="profile-edit" onSubmit={submit} noValidate aria-label={t('details.editForm')}>
      <FormField label={t('details.username')} autoComplete="username" error={errors.username} {...bind('username')} />
      <FormField label={t('details.firstName')} autoComplete="given-name" {...bind('first_name')} />
      <FormField label={t('details.lastName')} autoComplete="family-name" {...bind('last_name')} />
      {error && (
        <p className="ch-field-error" role="alert">
          {failure(t('details.saveFailed'), error)}
        </p>
      )}
      <div className="account-actions">
        <Button type="submit" disabled={isLoading}>
          {isLoading ? t('details.saving') : t('details.save')}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          {t('details.cancel')}
        </Button>
      </div>
    </form>
  );
}

/**
 * The coin balance and the plan, with the ways to more coins and to Gold: for a signed-in viewer and a
 * guest alike (`settings`: the account settings link, for a signed-in viewer).
 */
export function CoinsAndGold({ settings = false }: { settings?: boolean }) {
  const balance = useSharedSelector(selectCoinBalance);
  const isGold = useSharedSelector(selectIsGold);
  const goldUntil = useSharedSelector(selectSession).goldPeriodEnd;
  const { t, language } = useAccountT();
  return (
    <section className="ch-card" aria-labelledby="profile-wallet">
      <h2 id="profile-wallet" className="account-panel-title">
        {t('details.coinsAndGold')}
      </h2>
      <p className="profile-line">
        <CoinIcon /> <strong>{balance}</strong> {t('details.coins', { count: balance })}
      </p>
      <p className="profile-line">
        {isGold ? (
          <>
            <span className="account-gold-badge">Gold</span> {t('details.goldMember')}
            {goldUntil ? ` ${t('details.goldUntil', { date: formatDay(goldUntil, language) })}` : ''}
          </>
        ) : (
          t('details.freePlan')
        )}
      </p>
      <div className="account-actions">
        {!isGold && (
          <>
            <Link className="ch-button ch-button--secondary" to="/coins">
              {t('details.buyCoins')}
            </Link>
            <Link className="ch-button ch-button--gold" to="/gold-subscription">
              {t('details.getGold')}
            </Link>
          </>
        )}
        {settings && (
          <Link className="ch-button ch-button--ghost" to="/account-dashboard">
            {t('details.settings')}
          </Link>
        )}
      </div>
    </section>
  );
}

/** A signed-in viewer's details, Gold and coin summary, and sign-out. */
export function ProfileDetails({ user }: { user: SessionUser }) {
  const [editing, setEditing] = useState(false);
  const dispatch = useAppDispatch();
  const { t } = useAccountT();
  const fullName = [user.first_name, user.last_name].filter(Boolean).join(' ');
  return (
    <div className="account-stack">
      <section className="ch-card profile-card" aria-labelledby="profile-name">
        <div className="profile-head">
          <span className="profile-avatar" aria-hidden="true">
            {avatarInitial(user) || <Icon name="person" size={28} />}
          </span>
          <div>
            <h2 id="profile-name" className="account-panel-title">
              {user.username || user.email}
            </h2>
            {fullName && <p className="profile-line">{fullName}</p>}
            <p className="ch-muted profile-line">{user.email}</p>
          </div>
        </div>
        {editing ? (
          <EditProfileForm user={user} onDone={() => setEditing(false)} />
        ) : (
          <Button variant="secondary" onClick={() => setEditing(true)}>
            {t('details.edit')}
          </Button>
        )}
      </section>
      <CoinsAndGold settings />
      <Button variant="secondary" onClick={() => dispatch(signOutRequested())}>
        {t('details.signOut')}
      </Button>
    </div>
  );
}
