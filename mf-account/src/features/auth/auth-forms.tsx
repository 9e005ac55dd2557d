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

/**
 * One sign-in or password form: its title, fields, the submit button (with its busy label while the
 * request runs), the server's refusal under it, and an optional footer. `onSubmit` runs without the
 * page reload; `failed` is the sentence a refusal starts with.
 */
function AuthForm({
  title,
  children,
  onSubmit,
  submitLabel,
  busyLabel,
  busy,
  failed,
  error,
  footer,
}: {
  title: string;
  children: ReactNode;
  onSubmit: () => void;
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  failed: string;
  error: unknown;
  footer?: ReactNode;
}) {
  const id = useId();
  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit();
  }
  return (
    <form className="ch-card auth-form" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="account-panel-title">
        {title}
      </h2>
      {children}
      <Button type="submit" disabled={busy}>
        {busy ? busyLabel : submitLabel}
      </Button>
      {error ? (
        <p className="ch-field-error" role="alert">
          {failure(failed, error)}
        </p>
      ) : null}
      {footer}
    </form>
  );
}

type Bind = (key: 'password' | 'confirmation') => ReturnType<ReturnType<typeof useFields>['bind']>;

/** A new password with its repetition; `fresh` labels them as replacing the current one. */
function NewPasswordFields({ bind, hint, fresh = true }: { bind: Bind; hint: string; fresh?: boolean }) {
  const { t } = useAccountT();
  return (
    <>
      <FormField
        label={fresh ? t('auth.newPassword') : t('auth.password')}
        type="password"
        autoComplete="new-password"
        hint={hint}
        {...bind('password')}
      />
      <FormField
        label={fresh ? t('auth.repeatNewPassword') : t('auth.repeatPassword')}
        type="password"
        autoComplete="new-password"
        {...bind('confirmation')}
      />
    </>
  );
}

/** The checks of a new password and its repetition (the registration rules). */
function newPasswordChecks(values: { password: string; confirmation: string }) {
  return {
    password: passwordProblem(values.password, 'new password'),
    confirmation: confirmationProblem(values.password, values.confirmation),
  };
}

/** Lets password managers file the new password under the signed-in account. */
function AccountNameForPasswordManagers() {
  const user = useSharedSelector(selectUser);
  return <input type="email" autoComplete="username" value={user?.email ?? ''} readOnly hidden />;
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
  function submit() {
    if (!check({ email: emailProblem(values.email), password: values.password ? null : t('rules.enterPassword') }))
      return;
    login({ email: values.email.trim(), password: values.password });
  }
  return (
    <AuthForm
      title={heading ?? t('auth.signInHeading')}
      onSubmit={submit}
      submitLabel={t('auth.signIn')}
      busyLabel={t('auth.signingIn')}
      busy={isLoading}
      failed={t('auth.loginFailed')}
      error={error}
    >
      <FormField label={t('auth.email')} type="email" autoComplete="email" {...bind('email')} />
      <FormField label={t('auth.password')} type="password" autoComplete="current-password" {...bind('password')} />
    </AuthForm>
  );
}

export function RegisterForm() {
  const { values, bind, check } = useFields({ email: '', username: '', password: '', confirmation: '' });
  const [register, { isLoading, error }] = useAccountRegisterMutation();
  const { t } = useAccountT();
  function submit() {
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
      submitLabel={t('auth.create')}
      busyLabel={t('auth.creating')}
      busy={isLoading}
      failed={t('auth.registrationFailed')}
      error={error}
    >
      <FormField label={t('auth.email')} type="email" autoComplete="email" {...bind('email')} />
      <FormField
        label={t('auth.usernameOptional')}
        autoComplete="username"
        hint={t('auth.usernameHint')}
        {...bind('username')}
      />
      <NewPasswordFields bind={bind} hint={t('auth.passwordHint')} fresh={false} />
    </AuthForm>
  );
}

/** Where a mutation stands, as the forms read it. */
interface Sending {
  isLoading: boolean;
  isSuccess: boolean;
  error?: unknown;
  reset: () => void;
}

/**
 * A form that mails a link to one address (a sign-in link, a password reset), then says where it went;
 * "use another address" brings the form back.
 */
function MailALinkForm({
  send,
  sending,
  title,
  intro,
  submitLabel,
  failed,
  sent,
}: {
  send: (email: string) => void;
  sending: Sending;
  title: string;
  intro?: string;
  submitLabel: string;
  failed: string;
  sent: string;
}) {
  const { values, bind, check } = useFields({ email: '' });
  const { t } = useAccountT();
  if (sending.isSuccess) {
    return (
      <CheckYourEmail email={values.email.trim()} onBack={sending.reset}>
        {sent}
      </CheckYourEmail>
    );
  }
  return (
    <AuthForm
      title={title}
      onSubmit={() => {
        if (check({ email: emailProblem(values.email) })) send(values.email.trim());
      }}
      submitLabel={submitLabel}
      busyLabel={t('auth.sending')}
      busy={sending.isLoading}
      failed={failed}
      error={sending.error}
    >
      {intro && <p className="ch-muted">{intro}</p>}
      <FormField label={t('auth.email')} type="email" autoComplete="email" {...bind('email')} />
    </AuthForm>
  );
}

export function MagicLinkForm({ next }: { next?: string }) {
  const [send, sending] = useAccountMagicLinkMutation();
  const { t } = useAccountT();
  return (
    <MailALinkForm
      send={(email) => send({ email, ...(next ? { next } : {}) })}
      sending={sending}
      title={t('auth.linkTitle')}
      intro={t('auth.linkIntro')}
      submitLabel={t('auth.sendLink')}
      failed={t('auth.linkFailed')}
      sent={t('auth.linkSent')}
    />
  );
}

/**
 * "Bought coins as a guest? Get them back" (issue #35): the sign-in link, in words for a guest whose
 * session was lost. The server mails the address the guest kept its coins with a link that brings them
 * back (and the same answer for any other address).
 */
export function RecoverForm() {
  const [send, sending] = useAccountMagicLinkMutation();
  const { t } = useAccountT();
  return (
    <MailALinkForm
      send={(email) => send({ email })}
      sending={sending}
      title={t('auth.recoverTitle')}
      intro={t('auth.recoverIntro')}
      submitLabel={t('auth.recoverSend')}
      failed={t('auth.linkFailed')}
      sent={t('auth.recoverSent')}
    />
  );
}

export function ResetRequestForm() {
  const [request, sending] = useAccountResetPasswordMutation();
  const { t } = useAccountT();
  return (
    <MailALinkForm
      send={(email) => request({ email })}
      sending={sending}
      title={t('auth.resetTitle')}
      submitLabel={t('auth.sendReset')}
      failed={t('auth.resetFailed')}
      sent={t('auth.resetSent')}
    />
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
  return (
    <AuthForm
      title={t('auth.chooseTitle')}
      onSubmit={() => {
        if (check(newPasswordChecks(values))) confirm({ token, password: values.password });
      }}
      submitLabel={t('auth.saveNew')}
      busyLabel={t('auth.saving')}
      busy={isLoading}
      failed={t('auth.changeFailed')}
      error={error}
    >
      <NewPasswordFields bind={bind} hint={t('auth.passwordHint')} />
    </AuthForm>
  );
}

export function ChangePasswordForm() {
  const { values, bind, check, reset } = useFields({ current: '', password: '', confirmation: '' });
  const [change, { isLoading, isSuccess, error }] = useAccountChangePasswordMutation();
  const { t } = useAccountT();
  async function submit() {
    const checks = newPasswordChecks(values);
    const valid = check({
      current: values.current ? null : t('rules.enterCurrent'),
      password: checks.password ?? (values.password === values.current ? t('rules.differentPassword') : null),
      confirmation: checks.confirmation,
    });
    if (!valid) return;
    const result = await change({ old_password: values.current, new_password: values.password });
    if ('data' in result) reset();
  }
  return (
    <AuthForm
      title={t('auth.changeTitle')}
      onSubmit={submit}
      submitLabel={t('auth.change')}
      busyLabel={t('auth.saving')}
      busy={isLoading}
      failed={t('auth.changeFailed')}
      error={error}
      footer={
        isSuccess ? (
          <p className="account-success" role="status">
            {t('auth.changedOthers')}
          </p>
        ) : null
      }
    >
      <AccountNameForPasswordManagers />
      <FormField
        label={t('auth.currentPassword')}
        type="password"
        autoComplete="current-password"
        {...bind('current')}
      />
      <NewPasswordFields bind={bind} hint={t('auth.changeHint')} />
    </AuthForm>
  );
}

/**
 * For an account made by magic link, which has no password yet: there is no current password to
 * ask for, so only the new one (with the registration rules) and its repetition.
 */
export function SetPasswordForm() {
  const { values, bind, check } = useFields({ password: '', confirmation: '' });
  const [setPassword, { isLoading, error }] = useAccountSetPasswordMutation();
  const { t } = useAccountT();
  return (
    <AuthForm
      title={t('auth.setTitle')}
      onSubmit={() => {
        if (!isLoading && check(newPasswordChecks(values))) setPassword({ new_password: values.password });
      }}
      submitLabel={t('auth.set')}
      busyLabel={t('auth.saving')}
      busy={isLoading}
      failed={t('auth.setFailed')}
      error={error}
    >
      <p className="ch-muted">{t('auth.setIntro')}</p>
      <AccountNameForPasswordManagers />
      <NewPasswordFields bind={bind} hint={t('auth.setHint')} />
    </AuthForm>
  );
}
