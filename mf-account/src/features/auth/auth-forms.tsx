import { Button, errorMessage, FormField, selectUser, useSharedSelector } from '@cliffhanger/shared';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useAccountT } from '../../messages';
import {
  useAccountChangePasswordMutation,
  useAccountConfirmResetMutation,
  useAccountLoginMutation,
  useAccountMagicLinkMutation,
  useAccountRegisterMutation,
  useAccountResetPasswordMutation,
  useAccountSetPasswordMutation,
} from './auth.api';
import {
  confirmationProblem,
  emailProblem,
  type FieldErrors,
  passwordProblem,
  problems,
  usernameProblem,
} from './field-rules';

/** "Login failed", with the server's reason when it gives one. */
export function failure(base: string, error: unknown): string {
  const detail = errorMessage(error, '');
  return detail ? `${base}: ${detail}` : base;
}

/** Form state with per-field messages; a field's message goes as soon as it is edited. */
function useFields<K extends string>(initial: Record<K, string>) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<K>>({});
  const bind = (key: K) => ({
    value: values[key],
    error: errors[key],
    onChange: (event: { target: { value: string } }) => {
      setValues((current) => ({ ...current, [key]: event.target.value }));
      setErrors((current) => ({ ...current, [key]: undefined }));
    },
  });
  /** Checks every field; answers whether the form may be sent. */
  const check = (checks: Record<K, string | null>) => {
    const found = problems(checks);
    setErrors(found);
    return Object.keys(found).length === 0;
  };
  return { values, bind, check, reset: () => setValues(initial) };
}

type Binding = ReturnType<ReturnType<typeof useFields<'password' | 'confirmation'>>['bind']>;

/** The new password and its repetition, as every form that sets a password asks for them. */
function NewPasswordFields({ hint, bind }: { hint: string; bind: (key: 'password' | 'confirmation') => Binding }) {
  const { t } = useAccountT();
  return (
    <>
      <FormField
        label={t('auth.newPassword')}
        type="password"
        autoComplete="new-password"
        hint={hint}
        {...bind('password')}
      />
      <FormField
        label={t('auth.repeatNewPassword')}
        type="password"
        autoComplete="new-password"
        {...bind('confirmation')}
      />
    </>
  );
}

/** What is wrong with a new password and its repetition (the registration rules). */
const newPasswordProblems = (values: { password: string; confirmation: string }) => ({
  password: passwordProblem(values.password, 'new password'),
  confirmation: confirmationProblem(values.password, values.confirmation),
});

/** Lets password managers file the new password under the right account. */
const AccountName = ({ email }: { email?: string }) => (
  <input type="email" autoComplete="username" value={email ?? ''} readOnly hidden />
);

function AuthForm({
  title,
  children,
  onSubmit,
  error,
  footer,
}: {
  title: string;
  children: ReactNode;
  onSubmit: (event: FormEvent) => void;
  error?: string | null;
  footer?: ReactNode;
}) {
  const id = useId();
  return (
    <form className="ch-card auth-form" onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="account-panel-title">
        {title}
      </h2>
      {children}
      {error && (
        <p className="ch-field-error" role="alert">
          {error}
        </p>
      )}
      {footer}
    </form>
  );
}

function CheckYourEmail({ email, children, onBack }: { email: string; children: ReactNode; onBack: () => void }) {
  const { t } = useAccountT();
  return (
    <section className="ch-card auth-form" aria-labelledby="check-email-title" aria-live="polite">
      <h2 id="check-email-title" className="account-panel-title">
        {t('auth.checkEmail')}
      </h2>
      <p>
        {t('auth.sentTo')} <strong>{email}</strong>. {children}
      </p>
      <p className="ch-muted">{t('auth.spam')}</p>
      <Button variant="secondary" onClick={onBack}>
        {t('auth.otherAddress')}
      </Button>
    </section>
  );
}

export function SignInForm({ heading }: { heading?: string }) {
  const { t } = useAccountT();
  const { values, bind, check } = useFields({ email: '', password: '' });
  const [login, { isLoading, error }] = useAccountLoginMutation();
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!check({ email: emailProblem(values.email), password: values.password ? null : t('rules.enterPassword') }))
      return;
    login({ email: values.email.trim(), password: values.password });
  }
  return (
    <AuthForm
      title={heading ?? t('auth.signInHeading')}
      onSubmit={submit}
      error={error ? failure(t('auth.loginFailed'), error) : null}
    >
      <FormField label={t('auth.email')} type="email" autoComplete="email" {...bind('email')} />
      <FormField label={t('auth.password')} type="password" autoComplete="current-password" {...bind('password')} />
      <Button type="submit" disabled={isLoading}>
        {isLoading ? t('auth.signingIn') : t('auth.signIn')}
      </Button>
    </AuthForm>
  );
}

export function RegisterForm() {
  const { values, bind, check } = useFields({ email: '', username: '', password: '', confirmation: '' });
  const [register, { isLoading, error }] = useAccountRegisterMutation();
  const { t } = useAccountT();
  function submit(event: FormEvent) {
    event.preventDefault();
    const valid = check({
      email: emailProblem(values.email),
      username: usernameProblem(values.username),
      password: passwordProblem(values.password),
      confirmation: confirmationProblem(values.password, values.confirmation),
    });
    if (!valid) return;
    const username = values.username.trim();
    register({ email: values.email.trim(), password: values.password, ...(username ? { username } : {}) });
  }
  return (
    <AuthForm
      title={t('auth.createTitle')}
      onSubmit={submit}
      error={error ? failure(t('auth.registrationFailed'), error) : null}
    >
      <FormField label={t('auth.email')} type="email" autoComplete="email" {...bind('email')} />
      <FormField
        label={t('auth.usernameOptional')}
        autoComplete="username"
        hint={t('auth.usernameHint')}
        {...bind('username')}
      />
      <FormField
        label={t('auth.password')}
        type="password"
        autoComplete="new-password"
        hint={t('auth.passwordHint')}
        {...bind('password')}
      />
      <FormField
        label={t('auth.repeatPassword')}
        type="password"
        autoComplete="new-password"
        {...bind('confirmation')}
      />
      <Button type="submit" disabled={isLoading}>
        {isLoading ? t('auth.creating') : t('auth.create')}
      </Button>
    </AuthForm>
  );
}

export function MagicLinkForm({ next }: { next?: string }) {
  const { values, bind, check } = useFields({ email: '' });
  const [send, { isLoading, isSuccess, error, reset }] = useAccountMagicLinkMutation();
  const { t } = useAccountT();
  if (isSuccess) {
    return (
      <CheckYourEmail email={values.email.trim()} onBack={reset}>
        {t('auth.linkSent')}
      </CheckYourEmail>
    );
  }
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!check({ email: emailProblem(values.email) })) return;
    send({ email: values.email.trim(), ...(next ? { next } : {}) });
  }
  return (
    <AuthForm title={t('auth.linkTitle')} onSubmit={submit} error={error ? failure(t('auth.linkFailed'), error) : null}>
      <p className="ch-muted">{t('auth.linkIntro')}</p>
      <FormField label={t('auth.email')} type="email" autoComplete="email" {...bind('email')} />
      <Button type="submit" disabled={isLoading}>
        {isLoading ? t('auth.sending') : t('auth.sendLink')}
      </Button>
    </AuthForm>
  );
}

export function ResetRequestForm() {
  const { values, bind, check } = useFields({ email: '' });
  const [request, { isLoading, isSuccess, error, reset }] = useAccountResetPasswordMutation();
  const { t } = useAccountT();
  if (isSuccess) {
    return (
      <CheckYourEmail email={values.email.trim()} onBack={reset}>
        {t('auth.resetSent')}
      </CheckYourEmail>
    );
  }
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!check({ email: emailProblem(values.email) })) return;
    request({ email: values.email.trim() });
  }
  return (
    <AuthForm
      title={t('auth.resetTitle')}
      onSubmit={submit}
      error={error ? failure(t('auth.resetFailed'), error) : null}
    >
      <FormField label={t('auth.email')} type="email" autoComplete="email" {...bind('email')} />
      <Button type="submit" disabled={isLoading}>
        {isLoading ? t('auth.sending') : t('auth.sendReset')}
      </Button>
    </AuthForm>
  );
}

/** Reached from the mailed `?reset-password=<token>` link. */
export function ConfirmResetForm({ token, onDone }: { token: string; onDone?: () => void }) {
  const { values, bind, check } = useFields({ password: '', confirmation: '' });
  const [confirm, { isLoading, isSuccess, error }] = useAccountConfirmResetMutation();
  const { t } = useAccountT();
  if (isSuccess) {
    return (
      <section className="ch-card auth-form" aria-live="polite">
        <h2 className="account-panel-title">{t('auth.changed')}</h2>
        <p>{t('auth.changedBody')}</p>
        {onDone && <Button onClick={onDone}>{t('auth.signIn')}</Button>}
      </section>
    );
  }
  function submit(event: FormEvent) {
    event.preventDefault();
    const valid = check(newPasswordProblems(values));
    if (valid) confirm({ token, password: values.password });
  }
  return (
    <AuthForm
      title={t('auth.chooseTitle')}
      onSubmit={submit}
      error={error ? failure(t('auth.changeFailed'), error) : null}
    >
      <NewPasswordFields hint={t('auth.passwordHint')} bind={bind} />
      <Button type="submit" disabled={isLoading}>
        {isLoading ? t('auth.saving') : t('auth.saveNew')}
      </Button>
    </AuthForm>
  );
}

export function ChangePasswordForm() {
  const user = useSharedSelector(selectUser);
  const { values, bind, check, reset } = useFields({ current: '', password: '', confirmation: '' });
  const [change, { isLoading, isSuccess, error }] = useAccountChangePasswordMutation();
  const { t } = useAccountT();
  async function submit(event: FormEvent) {
    event.preventDefault();
    const valid = check({
      current: values.current ? null : t('rules.enterCurrent'),
      password:
        passwordProblem(values.password, 'new password') ??
        (values.password === values.current ? t('rules.differentPassword') : null),
      confirmation: confirmationProblem(values.password, values.confirmation),
    });
    if (!valid) return;
    const result = await change({ old_password: values.current, new_password: values.password });
    if ('data' in result) reset();
  }
  return (
    <AuthForm
      title={t('auth.changeTitle')}
      onSubmit={submit}
      error={error ? failure(t('auth.changeFailed'), error) : null}
      footer={
        isSuccess ? (
          <p className="account-success" role="status">
            {t('auth.changedOthers')}
          </p>
        ) : null
      }
    >
      <AccountName email={user?.email} />
      <FormField
        label={t('auth.currentPassword')}
        type="password"
        autoComplete="current-password"
        {...bind('current')}
      />
      <NewPasswordFields hint={t('auth.changeHint')} bind={bind} />
      <Button type="submit" disabled={isLoading}>
        {isLoading ? t('auth.saving') : t('auth.change')}
      </Button>
    </AuthForm>
  );
}

/**
 * For an account made by magic link, which has no password yet: there is no current password to
 * ask for, so only the new one (with the registration rules) and its repetition.
 */
export function SetPasswordForm() {
  const user = useSharedSelector(selectUser);
  const { values, bind, check } = useFields({ password: '', confirmation: '' });
  const [setPassword, { isLoading, error }] = useAccountSetPasswordMutation();
  const { t } = useAccountT();
  function submit(event: FormEvent) {
    event.preventDefault();
    if (isLoading) return;
    const valid = check(newPasswordProblems(values));
    if (valid) setPassword({ new_password: values.password });
  }
  return (
    <AuthForm title={t('auth.setTitle')} onSubmit={submit} error={error ? failure(t('auth.setFailed'), error) : null}>
      <p className="ch-muted">{t('auth.setIntro')}</p>
      <AccountName email={user?.email} />
      <NewPasswordFields hint={t('auth.setHint')} bind={bind} />
      <Button type="submit" disabled={isLoading}>
        {isLoading ? t('auth.saving') : t('auth.set')}
      </Button>
    </AuthForm>
  );
}
