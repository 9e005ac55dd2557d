import { authenticated, Button, navigationRequested, Page, useAppDispatch } from '@cliffhanger/shared';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { useStaffLoginMutation } from '../features/auth/admin-auth.api';

export default function AdminLoginScreen() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState('');
  const [login, { isLoading }] = useStaffLoginMutation();
  const dispatch = useAppDispatch();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setProblem('');
    const result = await login({ email: email.trim(), password });
    if (!('data' in result) || !result.data) return setProblem('Login failed. Please check your email and password.');
    const { user } = result.data;
    if (!user.is_staff && !user.is_superuser) return setProblem('This account has no access to the staff area.');
    dispatch(authenticated(result.data));
    dispatch(navigationRequested({ to: '/admin' }));
  }

  return (
    <Page title="Staff sign-in">
      <form className="ch-card admin-form" onSubmit={submit}>
        <div className="ch-field">
          <label htmlFor="admin-email">Email</label>
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
          <label htmlFor="admin-password">Password</label>
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
          {isLoading ? 'Signing in…' : 'Sign in'}
        </Button>
        <p className="ch-muted">
          Have an invitation code? <Link to="/admin-register">Create a staff account</Link>
        </p>
      </form>
    </Page>
  );
}
