import {
  Button,
  errorMessage,
  type OwnAccountFlags,
  selectIsSignedIn,
  selectUser,
  signOutRequested,
  useAppDispatch,
  useSharedSelector,
} from '@cliffhanger/shared';
import { Link } from 'react-router-dom';
import { useAccountLogoutAllMutation } from '../auth/auth.api';
import { ChangePasswordForm, SetPasswordForm } from '../auth/auth-forms';

export const SIGN_OUT_EVERYWHERE_ERROR = 'We could not sign you out on your other devices. Please try again.';

/**
 * Password change (or a first password, for an account made by magic link) and sign-out, here or on every device. Changing the password signs every other
 * device out (the API's rule); signing out everywhere ends every session, this one included (the
 * account saga hands that to the shell once the API has answered).
 */
export function SecurityTab() {
  const signedIn = useSharedSelector(selectIsSignedIn);
  const user = useSharedSelector(selectUser) as (ReturnType<typeof selectUser> & Partial<OwnAccountFlags>) | null;
  // An account made by magic link has no password: it sets one rather than changing one it never had.
  const hasNoPassword = user?.has_password === false;
  const dispatch = useAppDispatch();
  const [logoutAll, { isLoading: signingOut, isError, error }] = useAccountLogoutAllMutation();
  if (!signedIn) {
    return (
      <section className="ch-card">
        <p>
          <Link to="/profile">Sign in</Link> to change your password and manage where you are signed in.
        </p>
      </section>
    );
  }
  return (
    <div className="account-stack">
      {hasNoPassword ? <SetPasswordForm /> : <ChangePasswordForm />}
      <section className="ch-card" aria-labelledby="sign-out-title">
        <h2 id="sign-out-title" className="account-panel-title">
          Sign out
        </h2>
        <p className="ch-muted" id="sign-out-everywhere-hint">
          Sign out on this device only, or on every device where you are signed in (this one included).
        </p>
        {isError && (
          <p className="ch-error-text" role="alert">
            {errorMessage(error, SIGN_OUT_EVERYWHERE_ERROR)}
          </p>
        )}
        <div className="account-actions">
          <Button variant="secondary" onClick={() => dispatch(signOutRequested())}>
            Sign out
          </Button>
          <Button
            variant="secondary"
            aria-describedby="sign-out-everywhere-hint"
            disabled={signingOut}
            onClick={() => logoutAll()}
          >
            {signingOut ? 'Signing out everywhere…' : 'Sign out on every device'}
          </Button>
        </div>
      </section>
    </div>
  );
}
