/** The words of the mail that invites a colleague to the staff area, in each interface language. */
import type { Language } from '@cliffhanger/shared/languages';
import { russianCount } from '../../http/messages/russian-plural';
import type { LinkMailWords } from '../auth/auth-mails';

export function invitationMail(language: Language, inviter: string, hours: number): LinkMailWords {
  if (language === 'ru') {
    return {
      subject: 'Приглашение в команду Cliffhanger',
      intro: `${inviter} приглашает вас работать в разделе для сотрудников Cliffhanger. Перейдите по ссылке, чтобы создать аккаунт сотрудника.`,
      linkLabel: 'Создать аккаунт сотрудника',
      outro: `Приглашение сработает один раз, только для этого адреса, и перестанет действовать через ${russianCount(hours, { one: 'час', few: 'часа', many: 'часов' })}. Если вы его не ждали, просто не обращайте внимания на это письмо.`,
    };
  }
  return {
    subject: 'You are invited to the Cliffhanger team',
    intro: `${inviter} invites you to work in the Cliffhanger staff area. Use the link below to create your staff account.`,
    linkLabel: 'Create my staff account',
    outro: `The invitation works once, for this address only, and expires in ${hours} hours. If you did not expect it, ignore this mail.`,
  };
}
