import { Icon, paths } from '@cliffhanger/shared';
import { useNavigate } from 'react-router-dom';
import { useShellT } from './messages';

/** How many entries of this tab's history the app itself has pushed before the current one. */
const appHistoryIndex = () => (window.history.state as { idx?: number } | null)?.idx ?? 0;

/**
 * Back on a screen without the tab bar: the screen the viewer came from within the app, or home when
 * the screen was the first one opened (a shared link, a new tab): never back out of the app.
 */
export function BackButton() {
  const navigate = useNavigate();
  const { t } = useShellT();
  return (
    <button
      type="button"
      className="site-back"
      aria-label={t('header.back')}
      onClick={() => (appHistoryIndex() > 0 ? navigate(-1) : navigate(paths.home()))}
    >
      <Icon name="back" size={22} />
    </button>
  );
}
