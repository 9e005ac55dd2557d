import { authenticated, Button, navigationRequested, Page, useAppDispatch } from '@cliffhanger/shared';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { adminApi } from '../lib/api/admin.api';
import { fieldErrorsOf, problemOf, TextField } from '../lib/layout/form';
import { screensT, useScreensT } from './messages';

type Fields = { email: string; username: string; password: string; invitation_code: string };

export function validateRegistration(fields: Fields): Partial<Record<keyof Fields, string>> {
  const errors: Partial<Record<keyof Fields, string>> = {};
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(fields.email.trim())) errors.email = screensT('rules.email');
  if (!/^[A-Za-z0-9_.-]{2,40}$/.test(fields.username.trim())) errors.username = screensT('rules.username');
  if (fields.password.length < 8) errors.password = screensT('rules.password');
  if (!fields.invitation_code.trim()) errors.invitation_code = screensT('rules.code');
  return errors;
}

export default function AdminRegisterScreen() {
  // An invitation's mailed link opens this page with its code and the invited address filled in.
  const [params] = useSearchParams();
  const [fields, setFields] = useState<Fields>(() => ({
    email: (params.get('email') ?? '').slice(0, 254),
    username: '',
    password: '',
    invitation_code: (params.get('code') ?? '').slice(0, 100),
  }));
  const [errors, setErrors] = useState<Partial<Record<keyof Fields, string>>>({});
  const [problem, setProblem] = useState('');
  const [register, { isLoading }] = adminApi.useAdminRegisterMutation();
  const dispatch = useAppDispatch();
  const { t } = useScreensT();
  const set = (key: keyof Fields) => (e: { target: { value: string } }) =>
    setFields((f) => ({ ...f, [key]: e.target.value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setProblem('');
    const found = validateRegistration(fields);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const result = await register({ ...fields, email: fields.email.trim(), username: fields.username.trim() });
    if ('error' in result) {
      setErrors(fieldErrorsOf(result.error));
      return setProblem(problemOf(result.error, t('register.failed')));
    }
    dispatch(authenticated(result.data));
    dispatch(navigationRequested({ to: '/admin' }));
  }

  return (
    <Page title={t('register.title')}>
      <form className="ch-card admin-form" onSubmit={submit} noValidate>
        <p className="ch-muted">{t('register.intro')}</p>
        <TextField
          label={t('register.code')}
          autoComplete="one-time-code"
          value={fields.invitation_code}
          error={errors.invitation_code}
          onChange={set('invitation_code')}
        />
        <TextField
          label={t('register.email')}
          type="email"
          autoComplete="email"
          value={fields.email}
          error={errors.email}
          onChange={set('email')}
        />
        <TextField
          label={t('register.username')}
          autoComplete="username"
          value={fields.username}
          error={errors.username}
          onChange={set('username')}
        />
        <TextField
          label={t('register.password')}
          type="password"
          autoComplete="new-password"
          value={fields.password}
          error={errors.password}
          onChange={set('password')}
        />
        {problem && (
          <p className="ch-field-error" role="alert">
            {problem}
          </p>
        )}
        <Button type="submit" disabled={isLoading}>
          {isLoading ? t('register.creating') : t('register.submit')}
        </Button>
        <p className="ch-muted">
          <Link to="/admin-login">{t('register.back')}</Link>
        </p>
      </form>
    </Page>
  );
}
