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
import { coinsLabel, formatDateTime } from '../features/format';
import { useWalletSelector } from '../features/hooks';
import { type RewardsOverview, useWalletRewardsQuery } from '../features/rewards/rewards.api';
import { dailyBonusClaimRequested, selectRewardsActivity } from '../features/rewards/rewards.slice';

function DailyBonus({ daily }: { daily: RewardsOverview['daily'] }) {
  const dispatch = useAppDispatch();
  const { claiming } = useWalletSelector(selectRewardsActivity);
  return (
    <section className="ch-card" aria-labelledby="daily-bonus-title">
      <h2 id="daily-bonus-title" className="wallet-panel-title">
        Daily bonus
      </h2>
      <p>
        {daily.streak > 0 ? `You are on a ${daily.streak}-day streak.` : 'Collect a bonus every day to build a streak.'}
      </p>
      <ol className="streak-calendar" aria-label="This week’s bonuses">
        {daily.calendar.map((day) => (
          <li
            key={day.day}
            className={`streak-day${day.claimed ? ' streak-day--claimed' : ''}${day.is_today ? ' streak-day--today' : ''}`}
            aria-current={day.is_today ? 'date' : undefined}
          >
            <span className="streak-day-name">Day {day.day}</span>
            <span>
              <CoinIcon size={16} /> {day.coins}
            </span>
            <span className="ch-visually-hidden">
              {day.claimed ? ', collected' : ''}
              {day.is_today ? ', today' : ''}
            </span>
          </li>
        ))}
      </ol>
      {daily.claimed_today ? (
        <p className="ch-muted" role="status">
          Collected today. Your next bonus is ready {formatDateTime(daily.next_claim_at)}.
        </p>
      ) : (
        <Button variant="gold" disabled={claiming} onClick={() => dispatch(dailyBonusClaimRequested())}>
          {claiming ? 'Collecting…' : `Collect ${coinsLabel(daily.today_coins)}`}
        </Button>
      )}
    </section>
  );
}

export default function RewardsScreen() {
  const { data, isLoading, isError, refetch } = useWalletRewardsQuery();
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(track(ANALYTICS_EVENTS.rewardsViewed));
  }, [dispatch]);
  return (
    <Page title="Rewards">
      <div className="wallet-grid">
        <BalancePanel />
        {isLoading && <InlineSpinner label="Loading your rewards…" />}
        {isError && <ErrorNotice message="Your rewards could not be loaded." onRetry={refetch} />}
        {data && <DailyBonus daily={data.daily} />}
        {data && (
          <section className="ch-card" aria-labelledby="share-title">
            <h2 id="share-title" className="wallet-panel-title">
              Share Cliffhanger
            </h2>
            <p>Share with friends and get {coinsLabel(data.share.coins)} for each way you share, once a day.</p>
            <ShareButtons claimed={data.share.channels.filter((c) => c.claimed_today).map((c) => c.channel)} />
          </section>
        )}
      </div>
    </Page>
  );
}
