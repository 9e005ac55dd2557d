import { Button, type RemoteId } from '@cliffhanger/shared';
import { useState } from 'react';

const REMOTE_LABELS: Record<RemoteId, string> = {
  catalog: 'The catalogue',
  player: 'The player',
  wallet: 'The wallet',
  account: 'Your account area',
  admin: 'The staff area',
};

/** What a route shows while its remote cannot be reached; the rest of the shell keeps working. */
export function RemoteUnavailablePanel({ remote, onRetry }: { remote: RemoteId; onRetry: () => void }) {
  const [retrying, setRetrying] = useState(false);
  return (
    <section className="remote-unavailable" role="alert" aria-labelledby={`unavailable-${remote}`}>
      <h2 id={`unavailable-${remote}`}>{REMOTE_LABELS[remote]} is unavailable right now</h2>
      <p className="ch-muted">
        This part of Cliffhanger could not be loaded. The rest of the site still works — please try again in a moment.
      </p>
      <Button
        onClick={() => {
          setRetrying(true);
          onRetry();
        }}
        aria-busy={retrying}
      >
        Retry
      </Button>
    </section>
  );
}
