/** Generates the demo media on first start (reused afterwards), printing progress as it goes. */
import { ensureDemoMedia } from './generate-demo-media';

export function prepareDemoMedia(mediaRoot: string) {
  let lastShown = -1;
  return ensureDemoMedia({
    mediaRoot,
    onProgress: ({ message, done, total }) => {
      const percent = total ? Math.floor((done / total) * 100) : 100;
      if (percent === lastShown && done !== total) return;
      lastShown = percent;
      console.log(`[demo media] ${String(percent).padStart(3)}% (${done}/${total}) ${message}`);
    },
  });
}
