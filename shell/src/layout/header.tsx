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
import { NavIcon, type NavIconName } from './nav-icons';
import { ProfileMenu } from './profile-menu';

const NAV: Array<{ to: string; label: string; remote: RemoteId }> = [
  { to: '/', label: 'Home', remote: 'catalog' },
  { to: '/foryou', label: 'For you', remote: 'catalog' },
  { to: '/search', label: 'Search', remote: 'catalog' },
  { to: '/mylist', label: 'My list', remote: 'catalog' },
  { to: '/rewards', label: 'Rewards', remote: 'wallet' },
];

/**
 * On a phone the tab bar keeps the specification's two tabs (Home, Profile); every other screen is one
 * tap away through these icons in the header. The CSS shows them under 768 px, where the text
 * navigation is hidden.
 */
export const PHONE_NAV: Array<{ to: string; label: string; icon: NavIconName; remote: RemoteId }> = [
  { to: '/foryou', label: 'For you', icon: 'foryou', remote: 'catalog' },
  { to: '/search', label: 'Search', icon: 'search', remote: 'catalog' },
  { to: '/mylist', label: 'My list', icon: 'mylist', remote: 'catalog' },
  { to: '/rewards', label: 'Rewards', icon: 'rewards', remote: 'wallet' },
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
      <nav aria-label="Quick links" className="phone-nav">
        {PHONE_NAV.map((item) => (
          <NavLink
            key={item.to}
            to={item.to}
            className="phone-nav-link"
            aria-label={item.label}
            title={item.label}
            onTouchStart={() => prefetchRemote(item.remote)}
            onFocus={() => prefetchRemote(item.remote)}
          >
            <NavIcon name={item.icon} />
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
