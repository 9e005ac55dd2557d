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
import { BackButton } from './back-button';
import { type ShellKey, useShellT } from './messages';
import { NavIcon, type NavIconName } from './nav-icons';
import { ProfileMenu } from './profile-menu';

const NAV: Array<{ to: string; label: ShellKey; remote: RemoteId }> = [
  { to: '/', label: 'nav.home', remote: 'catalog' },
  { to: '/foryou', label: 'nav.forYou', remote: 'catalog' },
  { to: '/search', label: 'nav.search', remote: 'catalog' },
  { to: '/mylist', label: 'nav.myList', remote: 'catalog' },
  { to: '/rewards', label: 'nav.rewards', remote: 'wallet' },
];

/**
 * On a phone the tab bar keeps the specification's two tabs (Home, Profile); every other screen is one
 * tap away through these icons in the header. The CSS shows them under 768 px, where the text
 * navigation is hidden.
 */
export const PHONE_NAV: Array<{ to: string; label: ShellKey; icon: NavIconName; remote: RemoteId }> = [
  { to: '/foryou', label: 'nav.forYou', icon: 'foryou', remote: 'catalog' },
  { to: '/search', label: 'nav.search', icon: 'search', remote: 'catalog' },
  { to: '/mylist', label: 'nav.myList', icon: 'mylist', remote: 'catalog' },
  { to: '/rewards', label: 'nav.rewards', icon: 'rewards', remote: 'wallet' },
];

/** `back`: a phone's screen without the tab bar (standalone) starts its header with Back. */
export function Header({ back = false }: { back?: boolean }) {
  const balance = useSharedSelector(selectCoinBalance);
  const isGold = useSharedSelector(selectIsGold);
  const user = useSharedSelector(selectUser);
  const { t } = useShellT();
  return (
    <header className="site-header">
      {back && <BackButton />}
      <Link to="/" className="site-logo" aria-label={t('header.home')}>
        Cliffhanger
      </Link>
      <nav aria-label={t('nav.main')} className="site-nav">
        {NAV.map((item) => (
          <NavLink
            key={item.to}
            to={item.to}
            end={item.to === '/'}
            onMouseEnter={() => prefetchRemote(item.remote)}
            onFocus={() => prefetchRemote(item.remote)}
          >
            {t(item.label)}
          </NavLink>
        ))}
      </nav>
      <nav aria-label={t('nav.quick')} className="phone-nav">
        {PHONE_NAV.map((item) => (
          <NavLink
            key={item.to}
            to={item.to}
            className="phone-nav-link"
            aria-label={t(item.label)}
            title={t(item.label)}
            onTouchStart={() => prefetchRemote(item.remote)}
            onFocus={() => prefetchRemote(item.remote)}
          >
            <NavIcon name={item.icon} />
          </NavLink>
        ))}
      </nav>
      <div className="site-header-end">
        {isGold && <span className="gold-badge">{t('header.gold')}</span>}
        <Link
          to="/coins"
          className="coin-balance"
          data-testid="header-balance"
          aria-label={t('header.balance', { count: balance })}
        >
          <CoinIcon /> {balance}
        </Link>
        <ProfileMenu user={user} isGold={isGold} />
      </div>
    </header>
  );
}
