import { useShellT } from './messages';

/**
 * The first tab stop of every page: jumps past the header and its navigation to the screen's content
 * (the layout's content, else the screen's main landmark), without touching the address.
 */
export function SkipLink({ target }: { target: string }) {
  const { t } = useShellT();
  return (
    <a
      className="skip-link"
      href={`#${target}`}
      onClick={(event) => {
        const content = document.getElementById(target) ?? document.querySelector<HTMLElement>('main');
        if (!content) return;
        event.preventDefault();
        if (!content.hasAttribute('tabindex')) content.setAttribute('tabindex', '-1');
        content.focus();
      }}
    >
      {t('skip.content')}
    </a>
  );
}
