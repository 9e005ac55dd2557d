/**
 * What a screen that needs the server (unlocking, buying coins, payment methods, rewards, the account)
 * shows when the server does not know this visitor (product.md#accounts): while the session starts, a
 * "Connecting your session…" status; for a visitor kept only in this browser, a calm "We could not
 * connect your session" with one "Try again", which asks the shell for one registration attempt
 * (`session/connect`). Nothing is requested by itself, so a refused registration never turns into a loop.
 */
import { type ReactNode, useId } from 'react';
import { sessionConnectRequested } from '../bus/events';
import { useAppDispatch, useSharedSelector } from '../store/hooks';
import { Button, InlineSpinner } from '../ui/components';
import { useUiT } from '../ui/messages';
import { selectSession } from './session.slice';

export function SessionGate({ children, page = false }: { children: ReactNode; page?: boolean }) {
  const { status, connecting } = useSharedSelector(selectSession);
  const dispatch = useAppDispatch();
  const titleId = useId();
  const { t } = useUiT();
  if (status === 'guest' || status === 'signed-in') return <>{children}</>;
  const Heading = page ? 'h1' : 'h2';
  const content =
    status !== 'local-guest' ? (
      <InlineSpinner label={t('session.connecting')} />
    ) : (
      <section className="ch-card ch-session-unavailable" aria-labelledby={titleId} data-testid="session-unavailable">
        <Heading id={titleId} className="ch-session-unavailable-title">
          {t('session.unavailableTitle')}
        </Heading>
        <p className="ch-muted">{t('session.unavailableBody')}</p>
        <Button disabled={connecting} aria-busy={connecting} onClick={() => dispatch(sessionConnectRequested())}>
          {connecting ? t('session.connectingButton') : t('tryAgain')}
        </Button>
        <p className="ch-visually-hidden" role="status" aria-live="polite">
          {connecting ? t('session.connecting') : ''}
        </p>
      </section>
    );
  return page ? <main className="ch-page">{content}</main> : content;
}
