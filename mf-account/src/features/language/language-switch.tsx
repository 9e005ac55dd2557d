import { LANGUAGE_NAMES, type Language, SUPPORTED_LANGUAGES, setLanguage } from '@cliffhanger/shared';
import { useAccountT } from '../../messages';

/**
 * The interface language, for guests and signed-in viewers alike: a choice of radio buttons (each
 * language named in itself, with its `lang`), applied at once and remembered in this browser.
 */
export function LanguageSwitch() {
  const { t, language } = useAccountT();
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
              onChange={() => void setLanguage(option)}
            />
            <span>{LANGUAGE_NAMES[option]}</span>
          </label>
        ))}
      </div>
      <p className="ch-muted language-hint">{t('language.hint')}</p>
    </fieldset>
  );
}
