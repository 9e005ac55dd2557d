/**
 * The words of the account e-mails in each interface language (issue #21): the sign-in link, the
 * link that finishes a new account, the address confirmation and the password reset. A mail is in the
 * recipient's stored language, else the language of the request that caused it, else English.
 */
import { detectLanguage, type Language } from '@cliffhanger/shared/languages';
import { russianCount, russianForm } from '../../http/messages/russian-plural';

export interface LinkMailWords {
  subject: string;
  intro: string;
  linkLabel: string;
  outro: string;
}

/** The closing line of a mail whose link lives `minutes` minutes. */
function minutesLinkOutro(language: Language, minutes: number): string {
  return language === 'ru'
    ? `Ссылка сработает один раз и перестанет действовать через ${ruMinutes(minutes)}. Если вы её не запрашивали, просто не обращайте внимания на это письмо.`
    : `The link works once and expires in ${minutes} minutes. If you did not ask for it, ignore this mail.`;
}

/** The language of a mail to `recipient` caused by a request that asked for `requestLanguages`. */
export function mailLanguage(
  recipient: { language: string | null } | null | undefined,
  requestLanguages: readonly string[],
): Language {
  return detectLanguage(recipient?.language, requestLanguages);
}

/** "15 минут", "1 минуту", "2 минуты" (after "через": the accusative). */
const ruMinutes = (minutes: number) => russianCount(minutes, { one: 'минуту', few: 'минуты', many: 'минут' });

export function signInMail(language: Language, minutes: number): LinkMailWords {
  if (language === 'ru') {
    return {
      subject: 'Ваша ссылка для входа в Cliffhanger',
      intro: 'Чтобы войти в Cliffhanger, перейдите по ссылке ниже.',
      linkLabel: 'Войти',
      outro: minutesLinkOutro('ru', minutes),
    };
  }
  return {
    subject: 'Your Cliffhanger sign-in link',
    intro: 'Use the link below to sign in to Cliffhanger.',
    linkLabel: 'Sign in',
    outro: minutesLinkOutro('en', minutes),
  };
}

export function registrationMail(language: Language, minutes: number, coins: number): LinkMailWords {
  if (language === 'ru') {
    const coinWord = russianForm(coins, { one: 'монету', few: 'монеты', many: 'монет' });
    return {
      subject: 'Завершите создание аккаунта Cliffhanger',
      intro: `Чтобы создать аккаунт, перейдите по ссылке ниже. Вы получите ${coins} ${coinWord}, чтобы начать смотреть.`,
      linkLabel: 'Создать аккаунт',
      outro: minutesLinkOutro('ru', minutes),
    };
  }
  return {
    subject: 'Finish creating your Cliffhanger account',
    intro: `Use the link below to create your account. You get ${coins} coins to start watching.`,
    linkLabel: 'Create my account',
    outro: minutesLinkOutro('en', minutes),
  };
}

export function verificationMail(language: Language, username: string): LinkMailWords {
  if (language === 'ru') {
    return {
      subject: 'Подтвердите адрес электронной почты',
      intro: `Добро пожаловать в Cliffhanger, ${username}! Пожалуйста, подтвердите, что это ваш адрес.`,
      linkLabel: 'Подтвердить адрес',
      outro: 'Если вы не создавали аккаунт, просто не обращайте внимания на это письмо.',
    };
  }
  return {
    subject: 'Confirm your e-mail address',
    intro: `Welcome to Cliffhanger, ${username}! Please confirm that this address is yours.`,
    linkLabel: 'Confirm my address',
    outro: 'If you did not create an account, ignore this mail.',
  };
}

export function passwordResetMail(language: Language): LinkMailWords {
  if (language === 'ru') {
    return {
      subject: 'Сброс пароля Cliffhanger',
      intro: 'Кто-то (надеемся, что вы) попросил сбросить пароль этого аккаунта.',
      linkLabel: 'Выбрать новый пароль',
      outro:
        'Ссылка сработает один раз и перестанет действовать через час. Если вы её не запрашивали, просто не обращайте внимания на это письмо.',
    };
  }
  return {
    subject: 'Reset your Cliffhanger password',
    intro: 'Somebody (hopefully you) asked to reset the password of this account.',
    linkLabel: 'Choose a new password',
    outro: 'The link works once and expires in one hour. If you did not ask for it, ignore this mail.',
  };
}

/** "24 часа", "1 час", "2 часа" (after "через": the accusative). */
const ruHours = (hours: number) => russianCount(hours, { one: 'час', few: 'часа', many: 'часов' });

/** Asked for right after a guest's purchase: confirming the address keeps what the guest owns with it. */
export function keepCoinsMail(language: Language, hours: number): LinkMailWords {
  if (language === 'ru') {
    return {
      subject: 'Сохраните свои монеты Cliffhanger',
      intro:
        'Перейдите по ссылке ниже, чтобы подтвердить этот адрес. Монеты, открытые серии, Gold и сохранённые карты останутся с ним, и вы вернёте их на любом устройстве.',
      linkLabel: 'Подтвердить и сохранить',
      outro: `Ссылка сработает один раз и перестанет действовать через ${ruHours(hours)}. Если вы ничего не покупали в Cliffhanger, просто не обращайте внимания на это письмо.`,
    };
  }
  return {
    subject: 'Keep your Cliffhanger coins',
    intro:
      'Use the link below to confirm this address. Your coins, unlocked episodes, Gold and saved cards stay with it, and you can get them back on any device.',
    linkLabel: 'Confirm and keep my coins',
    outro: `The link works once and expires in ${hours} hours. If you bought nothing on Cliffhanger, ignore this mail.`,
  };
}

/** Asked for on a device that lost the guest session: the link brings back what the guest owns. */
export function recoveryMail(language: Language, minutes: number): LinkMailWords {
  if (language === 'ru') {
    return {
      subject: 'Верните свои монеты Cliffhanger',
      intro:
        'Перейдите по ссылке ниже, чтобы вернуть на это устройство свои монеты, открытые серии, Gold и сохранённые карты.',
      linkLabel: 'Вернуть покупки',
      outro: minutesLinkOutro('ru', minutes),
    };
  }
  return {
    subject: 'Get your Cliffhanger coins back',
    intro: 'Use the link below to bring your coins, unlocked episodes, Gold and saved cards back to this device.',
    linkLabel: 'Get my coins back',
    outro: minutesLinkOutro('en', minutes),
  };
}
