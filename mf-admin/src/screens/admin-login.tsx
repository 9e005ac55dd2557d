import { authenticated, Button, navigationRequested, Page, useAppDispatch } from '@cliffhanger/shared';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { useStaffLoginMutation } from '../features/auth/admin-auth.api';
import { useScreensT } from './messages';

export default function AdminLoginScreen() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState('');
  const [login, { isLoading }] = useStaffLoginMutation();
  const dispatch = useAppDispatch();
  const { t } = useScreensT();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setProblem('');
    const result = await login({ email: email.trim(), password });
    if (!('data' in result) || !result.data) return setProblem(t('login.failed'));
    const { user } = result.data;
    if (!user.is_staff && !user.is_superuser) return setProblem(t('login.notStaff'));
    dispatch(authenticated(result.data));
    dispatch(navigationRequested({ to: '/admin' }));
  }

  return (
    <Page title={t('login.title')}>
      <form className="ch-card admin-form" onSubmit={submit}>
        <div className="ch-field">
          <label htmlFor="admin-email">{t('login.email')}</label>
          <input
            id="admin-email"
            type="email"
            autoComplete="username"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </div>
        <div className="ch-field">
          <label htmlFor="admin-password">{t('login.password')}</label>
          <input
            id="admin-password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </div>
        {problem && (
          <p className="ch-field-error" role="alert">
            {problem}
          </p>
        )}
        <Button type="submit" disabled={isLoading}>
          {isLoading ? t('login.signingIn') : t('login.signIn')}
        </Button>
        <p className="ch-muted">
          {t('login.haveCode')} <Link to="/admin-register">{t('login.register')}</Link>
        </p>
      </form>
    </Page>
  );
}
