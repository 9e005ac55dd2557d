import { Icon, paths } from '@cliffhanger/shared';
import { useLocation, useNavigate } from 'react-router-dom';
import { useShellT } from './messages';

/**
 * Back on a screen without the tab bar: the screen the viewer came from within the app, or home when
 * this screen was the first one opened (a shared link, a new tab): never back out of the app. The
 * router keys the first entry it makes `default`; every entry it pushes has its own key.
 */
export function BackButton() {
  const navigate = useNavigate();
  const { key } = useLocation();
  const { t } = useShellT();
  return (
    <button
      type="button"
      className="site-back"
      aria-label={t('header.back')}
      onClick={() => (key === 'default' ? navigate(paths.home()) : navigate(-1))}
    >
      <Icon name="back" size={22} />
    </button>
  );
}
