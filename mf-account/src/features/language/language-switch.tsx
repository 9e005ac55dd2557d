import {
  LANGUAGE_NAMES,
  type Language,
  SUPPORTED_LANGUAGES,
  selectIsSignedIn,
  setLanguage,
  useSharedSelector,
} from '@cliffhanger/shared';
import { useAccountT } from '../../messages';
import { useAccountUpdateProfileMutation } from '../profile/profile.api';

/**
 * The interface language, for guests and signed-in viewers alike: a choice of radio buttons (each
 * language named in itself, with its `lang`), applied at once and remembered in this browser. A
 * signed-in viewer's choice is also saved to the account, so mail and other devices follow it.
 */
export function LanguageSwitch() {
  const { t, language } = useAccountT();
  const signedIn = useSharedSelector(selectIsSignedIn);
  const [saveToAccount] = useAccountUpdateProfileMutation();
  async function choose(option: Language) {
    await setLanguage(option);
    // The page has switched already; a failed save only means the account keeps its old choice.
    // A saved one updates the session (account.saga.ts followProfile).
    if (signedIn) await saveToAccount({ language: option });
  }
  return (
    <fieldset className="ch-card language-switch">
      <legend className="account-panel-title">{t('language.legend')}</legend>
      <div className="language-options">
        {SUPPORTED_LANGUAGES.map((option: Language) => (
          <label key={option} className="language-option" lang={option}>
            <input
              type="radio"
              name="interface-language"
              value={option}
              checked={language === option}
              onChange={() => void choose(option)}
            />
            <span>{LANGUAGE_NAMES[option]}</span>
          </label>
        ))}
      </div>
      <p className="ch-muted language-hint">{t('language.hint')}</p>
    </fieldset>
  );
}
