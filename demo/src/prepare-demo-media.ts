/** Generates the demo media (reused afterwards), printing progress as it goes. */
import { DEMO_SCRIPT } from './demo-script';
import { type EnsureDemoMediaOptions, ensureDemoMedia, homeFirstSeries } from './generate-demo-media';

export function prepareDemoMedia(mediaRoot: string, only?: EnsureDemoMediaOptions['only']) {
  return ensureDemoMedia({
    mediaRoot,
    only,
    onProgress: ({ message, done, total }) => console.log(`[demo media] (${done}/${total}) ${message}`),
  });
}

/** Only the series the home screen shows first: `npm start` serves the site once it is made. */
export function prepareFirstDemoSeries(mediaRoot: string) {
  return prepareDemoMedia(mediaRoot, [homeFirstSeries(DEMO_SCRIPT).slug]);
}
