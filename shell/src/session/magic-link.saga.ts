/**
 * Magic-link sign-in (product.md#accounts): the token comes from `magic-link-auth` or `magic-link-registration` in
 * the address. It is verified with this browser's Bearer token. The server moves the guest's coins,
 * unlocks, list and history to the account only when the link was asked for from this same guest
 * session; a link asked for elsewhere (another browser, or somebody else's link) signs in and moves
 * nothing, and the person is told so. A valid answer (success 1, with id and email) clears the guest
 * cookie and flag and signs the user in (a new account's 100 coins come from the server). The
 * parameter is removed from the address bar whatever happens; errors are swallowed (product.md#accounts).
 */
import {
  ANALYTICS_EVENTS,
  type AuthResponse,
  apiClient,
  GUEST_COOKIE_NAME,
  MAGIC_LINK_QUERY_PARAMS,
  type MagicLinkVerification,
  readStored,
  rememberUser,
  removeCookie,
  removeStored,
  setUserIdCookie,
  showToast,
  signedIn,
  storeTokens,
  track,
} from '@cliffhanger/shared';
import { call, put } from 'redux-saga/effects';
import { shellT } from '../layout/messages';

export const MAGIC_LINK_VERIFY_PATH = '/auth/magic-link/verify/';

type VerifyAnswer = MagicLinkVerification & Partial<AuthResponse>;

export function magicLinkTokenFrom(search: string): { param: string; token: string } | null {
  const params = new URLSearchParams(search);
  for (const param of MAGIC_LINK_QUERY_PARAMS) {
    const token = params.get(param);
    if (token) return { param, token };
  }
  return null;
}

/**
 * Valid only with success equal to 1 and both id and email (product.md#accounts). The answer is not
 * trusted yet, so each field may hold anything.
 */
export function isValidMagicLink(
  answer: { [K in keyof VerifyAnswer]?: unknown } | null | undefined,
): answer is VerifyAnswer {
  return !!answer && answer.success === 1 && answer.id !== undefined && answer.id !== null && !!answer.email;
}

/** What a person is told when a link asked for elsewhere signed them in and left this browser's guest alone. */
export function elsewhereNotice(email: string) {
  return showToast({
    type: 'info',
    title: shellT('magicLink.elsewhereTitle', { email }),
    message: shellT('magicLink.elsewhereBody'),
    duration: 10_000,
  });
}

export function addressWithoutMagicLink(href: string): string {
  const url = new URL(href);
  for (const param of MAGIC_LINK_QUERY_PARAMS) url.searchParams.delete(param);
  return `${url.pathname}${url.search}${url.hash}`;
}

function* verify(token: string) {
  const client = apiClient();
  const { data }: { data: VerifyAnswer } = yield call([client, client.post], MAGIC_LINK_VERIFY_PATH, { token });
  return data;
}

/** Answers whether the address held a valid magic link and the user is now signed in. */
export function* verifyMagicLinkFromAddress() {
  const found = magicLinkTokenFrom(window.location.search);
  if (!found) return false;
  try {
    const answer: VerifyAnswer = yield call(verify, found.token);
    if (!isValidMagicLink(answer) || !answer.access || !answer.user) return false;
    const wasGuest = readStored('is_guest') === true;
    storeTokens(answer.access, answer.refresh);
    rememberUser(answer.user);
    setUserIdCookie(answer.user.id);
    removeCookie(GUEST_COOKIE_NAME);
    removeStored('is_guest');
    yield put(signedIn({ user: answer.user }));
    if (wasGuest && answer.requested_here === false) yield put(elsewhereNotice(answer.email));
    yield put(
      track(
        found.param === 'magic-link-registration' ? ANALYTICS_EVENTS.registered : ANALYTICS_EVENTS.magicLinkVerified,
        {
          user_id: answer.id,
        },
      ),
    );
    return true;
  } catch {
    return false; // swallowed (product.md#accounts): the visitor simply continues as before
  } finally {
    window.history.replaceState(window.history.state, '', addressWithoutMagicLink(window.location.href));
  }
}
