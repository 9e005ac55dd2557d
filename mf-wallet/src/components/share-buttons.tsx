import { Button, runtimeConfig, useAppDispatch } from '@cliffhanger/shared';
import { useWalletSelector } from '../features/hooks';
import type { RewardShareChannel } from '../features/rewards/rewards.api';
import { selectRewardsActivity, shareRequested } from '../features/rewards/rewards.slice';

export const SHARE_TEXT = 'I’m watching short dramas on Cliffhanger — every episode ends on a cliffhanger.';

/** The addresses that open a messaging app, the mail program or SMS with the message filled in. */
export function shareLinks(url: string, text: string): Record<'whatsapp' | 'telegram' | 'email' | 'sms', string> {
  const message = `${text} ${url}`;
  return {
    whatsapp: `https://wa.me/?text=${encodeURIComponent(message)}`,
    telegram: `https://t.me/share/url?url=${encodeURIComponent(url)}&text=${encodeURIComponent(text)}`,
    email: `mailto:?subject=${encodeURIComponent('Watch this on Cliffhanger')}&body=${encodeURIComponent(message)}`,
    sms: `sms:?&body=${encodeURIComponent(message)}`,
  };
}

const LINK_LABELS = { whatsapp: 'WhatsApp', telegram: 'Telegram', email: 'E-mail', sms: 'SMS' } as const;

/**
 * The six share channels: the device's share sheet where `navigator.share` exists, copying the link
 * otherwise, plus links for messaging apps, e-mail and SMS. Each share asks the wallet for its reward.
 */
export function ShareButtons({
  claimed = [],
  canShareNatively = typeof navigator !== 'undefined' && typeof navigator.share === 'function',
}: {
  claimed?: RewardShareChannel[];
  canShareNatively?: boolean;
}) {
  const dispatch = useAppDispatch();
  const sharing = useWalletSelector(selectRewardsActivity).sharing;
  const url = runtimeConfig().productHost;
  const links = shareLinks(url, SHARE_TEXT);
  const request = (channel: RewardShareChannel) => dispatch(shareRequested({ channel, url, text: SHARE_TEXT }));
  const done = (channel: RewardShareChannel) => (claimed.includes(channel) ? ' (rewarded today)' : '');
  return (
    <div className="share-buttons">
      {canShareNatively ? (
        <Button onClick={() => request('native')} disabled={sharing === 'native'}>
          Share…{done('native')}
        </Button>
      ) : (
        <Button onClick={() => request('copy_link')} disabled={sharing === 'copy_link'}>
          Copy link{done('copy_link')}
        </Button>
      )}
      {(Object.keys(links) as Array<keyof typeof links>).map((channel) => (
        <a
          key={channel}
          className="ch-button ch-button--secondary"
          href={links[channel]}
          target="_blank"
          rel="noopener noreferrer"
          onClick={() => request(channel)}
        >
          {LINK_LABELS[channel]}
          {done(channel)}
          <span className="ch-visually-hidden"> (opens in a new window)</span>
        </a>
      ))}
    </div>
  );
}
