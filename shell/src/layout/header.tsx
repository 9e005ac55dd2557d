import {
  CoinIcon,
  type RemoteId,
  selectCoinBalance,
  selectIsGold,
  selectUser,
  useSharedSelector,
} from '@cliffhanger/shared';
import { Link, NavLink } from 'react-router-dom';
import { prefetchRemote } from '../federation/remote-registry';
import { ProfileMenu } from './profile-menu';

const NAV: Array<{ to: string; label: string; remote: RemoteId }> = [
  { to: '/', label: 'Home', remote: 'catalog' },
  { to: '/foryou', label: 'For you', remote: 'catalog' },
  { to: '/search', label: 'Search', remote: 'catalog' },
  { to: '/mylist', label: 'My list', remote: 'catalog' },
  { to: '/rewards', label: 'Rewards', remote: 'wallet' },
];

export function Header() {
  const balance = useSharedSelector(selectCoinBalance);
  const isGold = useSharedSelector(selectIsGold);
  const user = useSharedSelector(selectUser);
  return (
    <header className="site-header">
      <Link to="/" className="site-logo" aria-label="Cliffhanger home">
        Cliffhanger
      </Link>
      <nav aria-label="Main" className="site-nav">
        {NAV.map((item) => (
          <NavLink
            key={item.to}
            to={item.to}
            end={item.to === '/'}
            onMouseEnter={() => prefetchRemote(item.remote)}
            onFocus={() => prefetchRemote(item.remote)}
          >
            {item.label}
          </NavLink>
        ))}
      </nav>
      <div className="site-header-end">
        {isGold && <span className="gold-badge">Gold</span>}
        <Link to="/coins" className="coin-balance" data-testid="header-balance" aria-label={`${balance} coins`}>
          <CoinIcon /> {balance}
        </Link>
        <ProfileMenu user={user} isGold={isGold} />
      </div>
    </header>
  );
}
