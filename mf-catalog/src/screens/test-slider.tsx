/** /test-slider (product.md#screens): the home screen's hero slider on its own. */
import { Page } from '@cliffhanger/shared';
import { HeroSlider } from '../features/home/hero-slider';

export default function TestSliderScreen() {
  return (
    <Page title="Featured slider">
      <HeroSlider />
    </Page>
  );
}
