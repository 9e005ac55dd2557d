import { Page, selectUser, useSharedSelector } from '@cliffhanger/shared';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ConfirmResetForm } from '../features/auth/auth-forms';
import { AuthPanel } from '../features/auth/auth-panel';
import { LanguageSwitch } from '../features/language/language-switch';
import { EmailVerification, RESET_PASSWORD_PARAM } from '../features/profile/mailed-links';
import { CoinsAndGold, ProfileDetails } from '../features/profile/profile-details';
import { useAccountT } from '../messages';

/** /profile: sign-in, coins and Gold for guests; details, edit, Gold and coins, sign-out for a signed-in viewer. */
export default function ProfileScreen() {
  const user = useSharedSelector(selectUser);
  const [params, setParams] = useSearchParams();
  // The mailed reset token is read once and kept in memory; it leaves the address bar (and so the
  // history, a shared screen or a copied link) as soon as the page has it.
  const [resetToken, setResetToken] = useState(() => params.get(RESET_PASSWORD_PARAM));
  const [afterReset, setAfterReset] = useState(false);
  const signedIn = !!user && !user.is_guest;
  const { t } = useAccountT();

  const tokenInAddress = params.has(RESET_PASSWORD_PARAM);
  useEffect(() => {
    if (!tokenInAddress) return;
    setResetToken((kept) => kept ?? params.get(RESET_PASSWORD_PARAM));
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(RESET_PASSWORD_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [tokenInAddress, params, setParams]);

  const leaveReset = () => {
    setResetToken(null);
    setAfterReset(true);
  };

  return (
    <Page title={t('profile.title')}>
      <div className="account-stack">
        <EmailVerification />
        {resetToken ? (
          <ConfirmResetForm token={resetToken} onDone={leaveReset} />
        ) : signedIn ? (
          <ProfileDetails user={user} />
        ) : (
          <>
            <p className="ch-muted">{t('profile.guestIntro')}</p>
            <AuthPanel initialMode={afterReset ? 'password' : 'link'} next="/profile" />
            <CoinsAndGold />
          </>
        )}
        <LanguageSwitch />
      </div>
    </Page>
  );
}
