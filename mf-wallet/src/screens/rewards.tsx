import {
  ANALYTICS_EVENTS,
  Button,
  CoinIcon,
  ErrorNotice,
  InlineSpinner,
  Page,
  track,
  useAppDispatch,
} from '@cliffhanger/shared';
import { useEffect } from 'react';
import BalancePanel from '../components/balance-panel';
import { ShareButtons } from '../components/share-buttons';
import { formatDateTime } from '../features/format';
import { useWalletSelector } from '../features/hooks';
import { type RewardsOverview, useWalletRewardsQuery } from '../features/rewards/rewards.api';
import { dailyBonusClaimRequested, selectRewardsActivity } from '../features/rewards/rewards.slice';
import { useWalletT } from '../messages';

function DailyBonus({ daily }: { daily: RewardsOverview['daily'] }) {
  const dispatch = useAppDispatch();
  const { claiming } = useWalletSelector(selectRewardsActivity);
  const { t } = useWalletT();
  return (
    <section className="ch-card" aria-labelledby="daily-bonus-title">
      <h2 id="daily-bonus-title" className="wallet-panel-title">
        {t('rewards.dailyTitle')}
      </h2>
      <p>{daily.streak > 0 ? t('rewards.streak', { count: daily.streak }) : t('rewards.buildStreak')}</p>
      <ol className="streak-calendar" aria-label={t('rewards.week')}>
        {daily.calendar.map((day) => (
          <li
            key={day.day}
            className={`streak-day${day.claimed ? ' streak-day--claimed' : ''}${day.is_today ? ' streak-day--today' : ''}`}
            aria-current={day.is_today ? 'date' : undefined}
          >
            <span className="streak-day-name">{t('rewards.day', { day: day.day })}</span>
            <span>
              <CoinIcon size={16} /> {day.coins}
            </span>
            <span className="ch-visually-hidden">
              {day.claimed ? t('rewards.collected') : ''}
              {day.is_today ? t('rewards.today') : ''}
            </span>
          </li>
        ))}
      </ol>
      {daily.claimed_today ? (
        <p className="ch-muted" role="status">
          {t('rewards.collectedToday', { when: formatDateTime(daily.next_claim_at) })}
        </p>
      ) : (
        <Button variant="gold" disabled={claiming} onClick={() => dispatch(dailyBonusClaimRequested())}>
          {claiming ? t('rewards.collecting') : t('rewards.collect', { count: daily.today_coins })}
        </Button>
      )}
    </section>
  );
}

export default function RewardsScreen() {
  const { data, isLoading, isError, refetch } = useWalletRewardsQuery();
  const dispatch = useAppDispatch();
  const { t } = useWalletT();
  useEffect(() => {
    dispatch(track(ANALYTICS_EVENTS.rewardsViewed));
  }, [dispatch]);
  return (
    <Page title={t('rewards.title')}>
      <div className="wallet-grid">
        <BalancePanel />
        {isLoading && <InlineSpinner label={t('rewards.loading')} />}
        {isError && <ErrorNotice message={t('rewards.error')} onRetry={refetch} />}
        {data && <DailyBonus daily={data.daily} />}
        {data && (
          <section className="ch-card" aria-labelledby="share-title">
            <h2 id="share-title" className="wallet-panel-title">
              {t('rewards.shareTitle')}
            </h2>
            <p>{t('rewards.shareIntro', { count: data.share.coins })}</p>
            <ShareButtons claimed={data.share.channels.filter((c) => c.claimed_today).map((c) => c.channel)} />
          </section>
        )}
      </div>
    </Page>
  );
}
