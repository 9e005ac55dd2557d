import {
  Button,
  CoinIcon,
  FormField,
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
import { failure } from '../auth/auth-forms';
import { type FieldErrors, problems, usernameProblem } from '../auth/field-rules';
import { useAccountUpdateProfileMutation } from './profile.api';

export const avatarInitial = (user: Pick<SessionUser, 'username' | 'email'>) =>
  (user.username || user.email || '?').charAt(0).toUpperCase();

function formatDate(iso: string | null) {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? ''
    : new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'long', year: 'numeric' }).format(date);
}

function EditProfileForm({ user, onDone }: { user: SessionUser; onDone: () => void }) {
  const [values, setValues] = useState({
    username: user.username ?? '',
    first_name: user.first_name ?? '',
    last_name: user.last_name ?? '',
  });
  const [errors, setErrors] = useState<FieldErrors<'username'>>({});
  const [save, { isLoading, error }] = useAccountUpdateProfileMutation();
  const bind = (key: keyof typeof values) => ({
    value: values[key],
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [key]: event.target.value })),
  });
  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = problems({
      username: values.username.trim() ? usernameProblem(values.username) : 'Choose a username.',
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
    <form className="profile-edit" onSubmit={submit} noValidate aria-label="Edit profile">
      <FormField label="Username" autoComplete="username" error={errors.username} {...bind('username')} />
      <FormField label="First name" autoComplete="given-name" {...bind('first_name')} />
      <FormField label="Last name" autoComplete="family-name" {...bind('last_name')} />
      {error && (
        <p className="ch-field-error" role="alert">
          {failure('Your profile could not be saved', error)}
        </p>
      )}
      <div className="account-actions">
        <Button type="submit" disabled={isLoading}>
          {isLoading ? 'Saving…' : 'Save'}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** A signed-in viewer's details, Gold and coin summary, and sign-out. */
export function ProfileDetails({ user }: { user: SessionUser }) {
  const [editing, setEditing] = useState(false);
  const balance = useSharedSelector(selectCoinBalance);
  const isGold = useSharedSelector(selectIsGold);
  const goldUntil = useSharedSelector(selectSession).goldPeriodEnd;
  const dispatch = useAppDispatch();
  const fullName = [user.first_name, user.last_name].filter(Boolean).join(' ');
  return (
    <div className="account-stack">
      <section className="ch-card profile-card" aria-labelledby="profile-name">
        <div className="profile-head">
          <span className="profile-avatar" aria-hidden="true">
            {avatarInitial(user)}
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
            Edit profile
          </Button>
        )}
      </section>
      <section className="ch-card" aria-labelledby="profile-wallet">
        <h2 id="profile-wallet" className="account-panel-title">
          Coins and Gold
        </h2>
        <p className="profile-line">
          <CoinIcon /> <strong>{balance}</strong> {balance === 1 ? 'coin' : 'coins'}
        </p>
        <p className="profile-line">
          {isGold ? (
            <>
              <span className="account-gold-badge">Gold</span> member
              {goldUntil ? ` until ${formatDate(goldUntil)}` : ''}
            </>
          ) : (
            'Free plan'
          )}
        </p>
        <div className="account-actions">
          {!isGold && (
            <>
              <Link className="ch-button ch-button--secondary" to="/coins">
                Buy coins
              </Link>
              <Link className="ch-button ch-button--gold" to="/gold-subscription">
                Get Gold
              </Link>
            </>
          )}
          <Link className="ch-button ch-button--ghost" to="/account-dashboard">
            Account settings
          </Link>
        </div>
      </section>
      <Button variant="secondary" onClick={() => dispatch(signOutRequested())}>
        Sign out
      </Button>
    </div>
  );
}
