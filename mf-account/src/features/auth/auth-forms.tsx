import { Button, errorMessage, FormField, selectUser, useSharedSelector } from '@cliffhanger/shared';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
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

export const AUTH_MESSAGES = { loginFailed: 'Login failed', registrationFailed: 'Registration failed' } as const;

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
  return (
    <section className="ch-card auth-form" aria-labelledby="check-email-title" aria-live="polite">
      <h2 id="check-email-title" className="account-panel-title">
        Check your email
      </h2>
      <p>
        We have sent a message to <strong>{email}</strong>. {children}
      </p>
      <p className="ch-muted">Nothing there after a minute? Look in your spam folder, or try again.</p>
      <Button variant="secondary" onClick={onBack}>
        Use a different address
      </Button>
    </section>
  );
}

export function SignInForm({ heading = 'Sign in with your password' }: { heading?: string }) {
  const { values, bind, check } = useFields({ email: '', password: '' });
  const [login, { isLoading, error }] = useAccountLoginMutation();
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!check({ email: emailProblem(values.email), password: values.password ? null : 'Enter your password.' }))
      return;
    login({ email: values.email.trim(), password: values.password });
  }
  return (
    <AuthForm title={heading} onSubmit={submit} error={error ? failure(AUTH_MESSAGES.loginFailed, error) : null}>
      <FormField label="Email" type="email" autoComplete="email" {...bind('email')} />
      <FormField label="Password" type="password" autoComplete="current-password" {...bind('password')} />
      <Button type="submit" disabled={isLoading}>
        {isLoading ? 'Signing in…' : 'Sign in'}
      </Button>
    </AuthForm>
  );
}

export function RegisterForm() {
  const { values, bind, check } = useFields({ email: '', username: '', password: '', confirmation: '' });
  const [register, { isLoading, error }] = useAccountRegisterMutation();
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
      title="Create your account"
      onSubmit={submit}
      error={error ? failure(AUTH_MESSAGES.registrationFailed, error) : null}
    >
      <FormField label="Email" type="email" autoComplete="email" {...bind('email')} />
      <FormField
        label="Username (optional)"
        autoComplete="username"
        hint="Shown on your profile. Leave it empty and we will pick one."
        {...bind('username')}
      />
      <FormField
        label="Password"
        type="password"
        autoComplete="new-password"
        hint="At least 8 characters."
        {...bind('password')}
      />
      <FormField label="Repeat password" type="password" autoComplete="new-password" {...bind('confirmation')} />
      <Button type="submit" disabled={isLoading}>
        {isLoading ? 'Creating your account…' : 'Create account'}
      </Button>
    </AuthForm>
  );
}

export function MagicLinkForm({ next }: { next?: string }) {
  const { values, bind, check } = useFields({ email: '' });
  const [send, { isLoading, isSuccess, error, reset }] = useAccountMagicLinkMutation();
  if (isSuccess) {
    return (
      <CheckYourEmail email={values.email.trim()} onBack={reset}>
        Open the link in it to sign in; it works once and expires soon.
      </CheckYourEmail>
    );
  }
  function submit(event: FormEvent) {
    event.preventDefault();
    if (!check({ email: emailProblem(values.email) })) return;
    send({ email: values.email.trim(), ...(next ? { next } : {}) });
  }
  return (
    <AuthForm
      title="Sign in with an e-mail link"
      onSubmit={submit}
      error={error ? failure('The sign-in link could not be sent', error) : null}
    >
      <p className="ch-muted">No password needed. New here? The link creates your account, with 100 coins to start.</p>
      <FormField label="Email" type="email" autoComplete="email" {...bind('email')} />
      <Button type="submit" disabled={isLoading}>
        {isLoading ? 'Sending…' : 'E-mail me a sign-in link'}
      </Button>
    </AuthForm>
  );
}

export function ResetRequestForm() {
  const { values, bind, check } = useFields({ email: '' });
  const [request, { isLoading, isSuccess, error, reset }] = useAccountResetPasswordMutation();
  if (isSuccess) {
    return (
      <CheckYourEmail email={values.email.trim()} onBack={reset}>
        If an account uses this address, the message has a link to choose a new password.
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
      title="Reset your password"
      onSubmit={submit}
      error={error ? failure('The reset link could not be sent', error) : null}
    >
      <FormField label="Email" type="email" autoComplete="email" {...bind('email')} />
      <Button type="submit" disabled={isLoading}>
        {isLoading ? 'Sending…' : 'Send me a reset link'}
      </Button>
    </AuthForm>
  );
}

/** Reached from the mailed `?reset-password=<token>` link. */
export function ConfirmResetForm({ token, onDone }: { token: string; onDone?: () => void }) {
  const { values, bind, check } = useFields({ password: '', confirmation: '' });
  const [confirm, { isLoading, isSuccess, error }] = useAccountConfirmResetMutation();
  if (isSuccess) {
    return (
      <section className="ch-card auth-form" aria-live="polite">
        <h2 className="account-panel-title">Password changed</h2>
        <p>Your password has been changed. Sign in with the new one.</p>
        {onDone && <Button onClick={onDone}>Sign in</Button>}
      </section>
    );
  }
  function submit(event: FormEvent) {
    event.preventDefault();
    const valid = check({
      password: passwordProblem(values.password, 'new password'),
      confirmation: confirmationProblem(values.password, values.confirmation),
    });
    if (valid) confirm({ token, password: values.password });
  }
  return (
    <AuthForm
      title="Choose a new password"
      onSubmit={submit}
      error={error ? failure('Your password could not be changed', error) : null}
    >
      <FormField
        label="New password"
        type="password"
        autoComplete="new-password"
        hint="At least 8 characters."
        {...bind('password')}
      />
      <FormField label="Repeat new password" type="password" autoComplete="new-password" {...bind('confirmation')} />
      <Button type="submit" disabled={isLoading}>
        {isLoading ? 'Saving…' : 'Save new password'}
      </Button>
    </AuthForm>
  );
}

export function ChangePasswordForm() {
  const user = useSharedSelector(selectUser);
  const { values, bind, check, reset } = useFields({ current: '', password: '', confirmation: '' });
  const [change, { isLoading, isSuccess, error }] = useAccountChangePasswordMutation();
  async function submit(event: FormEvent) {
    event.preventDefault();
    const valid = check({
      current: values.current ? null : 'Enter your current password.',
      password:
        passwordProblem(values.password, 'new password') ??
        (values.password === values.current ? 'Choose a password different from the current one.' : null),
      confirmation: confirmationProblem(values.password, values.confirmation),
    });
    if (!valid) return;
    const result = await change({ old_password: values.current, new_password: values.password });
    if ('data' in result) reset();
  }
  return (
    <AuthForm
      title="Change password"
      onSubmit={submit}
      error={error ? failure('Your password could not be changed', error) : null}
      footer={
        isSuccess ? (
          <p className="account-success" role="status">
            Your password has been changed. Other devices have been signed out.
          </p>
        ) : null
      }
    >
      {/* Lets password managers file the new password under the right account. */}
      <input type="email" autoComplete="username" value={user?.email ?? ''} readOnly hidden />
      <FormField label="Current password" type="password" autoComplete="current-password" {...bind('current')} />
      <FormField
        label="New password"
        type="password"
        autoComplete="new-password"
        hint="At least 8 characters. Changing it signs you out on your other devices."
        {...bind('password')}
      />
      <FormField label="Repeat new password" type="password" autoComplete="new-password" {...bind('confirmation')} />
      <Button type="submit" disabled={isLoading}>
        {isLoading ? 'Saving…' : 'Change password'}
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
  function submit(event: FormEvent) {
    event.preventDefault();
    if (isLoading) return;
    const valid = check({
      password: passwordProblem(values.password, 'new password'),
      confirmation: confirmationProblem(values.password, values.confirmation),
    });
    if (valid) setPassword({ new_password: values.password });
  }
  return (
    <AuthForm
      title="Set a password"
      onSubmit={submit}
      error={error ? failure('Your password could not be set', error) : null}
    >
      <p className="ch-muted">
        You signed up with an emailed link, so your account has no password yet. Set one to sign in with your email and
        password as well.
      </p>
      {/* Lets password managers file the new password under the right account. */}
      <input type="email" autoComplete="username" value={user?.email ?? ''} readOnly hidden />
      <FormField
        label="New password"
        type="password"
        autoComplete="new-password"
        hint="At least 8 characters. Setting it signs you out on your other devices."
        {...bind('password')}
      />
      <FormField label="Repeat new password" type="password" autoComplete="new-password" {...bind('confirmation')} />
      <Button type="submit" disabled={isLoading}>
        {isLoading ? 'Saving…' : 'Set password'}
      </Button>
    </AuthForm>
  );
}
