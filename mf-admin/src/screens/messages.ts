/** The staff sign-in and registration screens' words, registered as the `admin-screens` namespace. */
import { type Catalogue, defineMessages, type MessageKey } from '@cliffhanger/shared';

export const SCREENS_NAMESPACE = 'admin-screens';

const en = {
  'login.title': 'Staff sign-in',
  'login.email': 'Email',
  'login.password': 'Password',
  'login.failed': 'Login failed. Please check your email and password.',
  'login.notStaff': 'This account has no access to the staff area.',
  'login.signingIn': 'Signing in…',
  'login.signIn': 'Sign in',
  'login.haveCode': 'Have an invitation code?',
  'login.register': 'Create a staff account',
  'register.title': 'Create a staff account',
  'register.intro': 'Staff accounts need an invitation code from a superuser.',
  'register.code': 'Invitation code',
  'register.email': 'Email',
  'register.username': 'Username',
  'register.password': 'Password',
  'register.failed': 'Registration failed',
  'register.creating': 'Creating…',
  'register.submit': 'Create account',
  'register.back': 'Back to staff sign-in',
  'rules.email': 'Enter a valid e-mail address',
  'rules.username': 'Use 2 to 40 letters, digits, dots, dashes or underscores',
  'rules.password': 'Use at least 8 characters',
  'rules.code': 'Enter the invitation code you were given',
} as const satisfies Catalogue;

const ru: Catalogue = {
  'login.title': 'Вход для сотрудников',
  'login.email': 'Электронная почта',
  'login.password': 'Пароль',
  'login.failed': 'Не удалось войти. Проверьте адрес почты и пароль.',
  'login.notStaff': 'У этого аккаунта нет доступа к разделу для сотрудников.',
  'login.signingIn': 'Входим…',
  'login.signIn': 'Войти',
  'login.haveCode': 'Есть код приглашения?',
  'login.register': 'Создайте аккаунт сотрудника',
  'register.title': 'Аккаунт сотрудника',
  'register.intro': 'Для аккаунта сотрудника нужен код приглашения от суперпользователя.',
  'register.code': 'Код приглашения',
  'register.email': 'Электронная почта',
  'register.username': 'Имя пользователя',
  'register.password': 'Пароль',
  'register.failed': 'Не удалось зарегистрироваться',
  'register.creating': 'Создаём…',
  'register.submit': 'Создать аккаунт',
  'register.back': 'Ко входу для сотрудников',
  'rules.email': 'Введите адрес почты, например name@example.com',
  'rules.username': 'Используйте от 2 до 40 латинских букв, цифр, точек, дефисов или подчёркиваний',
  'rules.password': 'Используйте не меньше 8 символов',
  'rules.code': 'Введите код приглашения, который вам дали',
};

const messages = defineMessages(SCREENS_NAMESPACE, { en, ru });

export type ScreensKey = MessageKey<typeof en>;
export const SCREENS_MESSAGES = messages.catalogues;
/** The sign-in screens' translate function in components; re-renders when the language changes. */
export const useScreensT = messages.useMessages;
/** The sign-in screens' words outside components (field rules), in the page's language at call time. */
export const screensT = messages.t;
