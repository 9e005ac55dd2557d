/** /test-slider (product.md#screens): the home screen's hero slider on its own. */
import { Page } from '@cliffhanger/shared';
import { HeroSlider } from '../features/home/hero-slider';
import { useCatalogT } from '../messages';

export default function TestSliderScreen() {
  const { t } = useCatalogT();
  return (
    <Page title={t('slider.title')}>
      <HeroSlider />
    </Page>
  );
}
