import { Button, runtimeConfig, useAppDispatch } from '@cliffhanger/shared';
import { useWalletSelector } from '../features/hooks';
import type { RewardShareChannel } from '../features/rewards/rewards.api';
import { selectRewardsActivity, shareRequested } from '../features/rewards/rewards.slice';
import { useWalletT, walletT } from '../messages';

/** The addresses that open a messaging app, the mail program or SMS with the message filled in. */
export function shareLinks(url: string, text: string): Record<'whatsapp' | 'telegram' | 'email' | 'sms', string> {
  const message = `${text} ${url}`;
  return {
    whatsapp: `https://wa.me/?text=${encodeURIComponent(message)}`,
    telegram: `https://t.me/share/url?url=${encodeURIComponent(url)}&text=${encodeURIComponent(text)}`,
    email: `mailto:?subject=${encodeURIComponent(walletT('share.subject'))}&body=${encodeURIComponent(message)}`,
    sms: `sms:?&body=${encodeURIComponent(message)}`,
  };
}

/** Messaging apps by their own names; e-mail and SMS in the page's language. */
const linkLabel = (channel: 'whatsapp' | 'telegram' | 'email' | 'sms') =>
  channel === 'whatsapp' ? 'WhatsApp' : channel === 'telegram' ? 'Telegram' : walletT(`share.${channel}`);

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
  const { t } = useWalletT();
  const url = runtimeConfig().productHost;
  const text = t('share.text');
  const links = shareLinks(url, text);
  const request = (channel: RewardShareChannel) => dispatch(shareRequested({ channel, url, text }));
  const done = (channel: RewardShareChannel) => (claimed.includes(channel) ? t('share.rewarded') : '');
  return (
    <div className="share-buttons">
      {canShareNatively ? (
        <Button onClick={() => request('native')} disabled={sharing === 'native'}>
          {t('share.native')}
          {done('native')}
        </Button>
      ) : (
        <Button onClick={() => request('copy_link')} disabled={sharing === 'copy_link'}>
          {t('share.copy')}
          {done('copy_link')}
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
          {linkLabel(channel)}
          {done(channel)}
          <span className="ch-visually-hidden">{t('share.newWindow')}</span>
        </a>
      ))}
    </div>
  );
}
