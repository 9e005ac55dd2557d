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
import { useAccountT } from '../../messages';
import { useAccountLogoutAllMutation } from '../auth/auth.api';
import { ChangePasswordForm, SetPasswordForm } from '../auth/auth-forms';

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
  const { t, language } = useAccountT();
  if (!signedIn) {
    return (
      <section className="ch-card">
        <p>
          <Link to="/profile">{t('security.signIn')}</Link>
          {language === 'ru' ? '' : ' '}
          {t('security.signInRest')}
        </p>
      </section>
    );
  }
  return (
    <div className="account-stack">
      {hasNoPassword ? <SetPasswordForm /> : <ChangePasswordForm />}
      <section className="ch-card" aria-labelledby="sign-out-title">
        <h2 id="sign-out-title" className="account-panel-title">
          {t('security.signOutTitle')}
        </h2>
        <p className="ch-muted" id="sign-out-everywhere-hint">
          {t('security.signOutHint')}
        </p>
        {isError && (
          <p className="ch-error-text" role="alert">
            {errorMessage(error, t('security.signOutError'))}
          </p>
        )}
        <div className="account-actions">
          <Button variant="secondary" onClick={() => dispatch(signOutRequested())}>
            {t('security.signOut')}
          </Button>
          <Button
            variant="secondary"
            aria-describedby="sign-out-everywhere-hint"
            disabled={signingOut}
            onClick={() => logoutAll()}
          >
            {signingOut ? t('security.signingOutAll') : t('security.signOutAll')}
          </Button>
        </div>
      </section>
    </div>
  );
}
