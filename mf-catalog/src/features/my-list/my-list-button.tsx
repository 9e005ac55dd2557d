import { Button, Icon, type Series, useAppDispatch } from '@cliffhanger/shared';
import { useEffect } from 'react';
import { useSelector } from 'react-redux';
import { useCatalogT } from '../../messages';
import { myListRequested, myListToggleRequested, selectMyList } from './my-list.slice';

/** Add to / remove from my list; its state follows the list wherever it was changed. */
export function MyListButton({ series }: { series: Series }) {
  const dispatch = useAppDispatch();
  const list = useSelector(selectMyList);
  const inList = list.items.some((s) => s.id === series.id);
  const { t } = useCatalogT();
  const busy = list.pending.includes(series.id) || list.status === 'loading';

  useEffect(() => {
    if (list.status === 'idle') dispatch(myListRequested());
  }, [dispatch, list.status]);

  return (
    <Button
      variant={inList ? 'secondary' : 'ghost'}
      aria-pressed={inList}
      disabled={busy}
      onClick={() => dispatch(myListToggleRequested({ series, add: !inList }))}
    >
      <Icon name={inList ? 'check' : 'plus'} />
      {inList ? t('myList.inList') : t('myList.add')}
      <span className="ch-visually-hidden"> {inList ? t('myList.pressToRemove') : t('myList.pressToAdd')}</span>
    </Button>
  );
}
