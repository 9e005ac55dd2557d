import { Button, type RemoteId } from '@cliffhanger/shared';
import { useState } from 'react';
import { type ShellKey, useShellT } from '../layout/messages';

const REMOTE_LABELS: Record<RemoteId, ShellKey> = {
  catalog: 'remote.catalog',
  player: 'remote.player',
  wallet: 'remote.wallet',
  account: 'remote.account',
  admin: 'remote.admin',
};

/** What a route shows while its remote cannot be reached; the rest of the shell keeps working. */
export function RemoteUnavailablePanel({ remote, onRetry }: { remote: RemoteId; onRetry: () => void }) {
  const [retrying, setRetrying] = useState(false);
  const { t } = useShellT();
  return (
    <section className="remote-unavailable" role="alert" aria-labelledby={`unavailable-${remote}`}>
      <h2 id={`unavailable-${remote}`}>{t('unavailable.title', { part: t(REMOTE_LABELS[remote]) })}</h2>
      <p className="ch-muted">{t('unavailable.body')}</p>
      <Button
        onClick={() => {
          setRetrying(true);
          onRetry();
        }}
        aria-busy={retrying}
      >
        {t('unavailable.retry')}
      </Button>
    </section>
  );
}
