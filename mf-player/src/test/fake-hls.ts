/**
 * hls.js as the player view drives it: which source it loads into which <video>, and a way to fail it.
 * A suite swaps it in with `jest.mock('hls.js', () => jest.requireActual('../../test/fake-hls'))`.
 */
type Handler = (event: string, data: unknown) => void;

export default class FakeHls {
  static instances: FakeHls[] = [];
  static Events = { ERROR: 'hlsError', FRAG_LOADED: 'hlsFragLoaded' };
  static ErrorTypes = { NETWORK_ERROR: 'networkError', MEDIA_ERROR: 'mediaError', OTHER_ERROR: 'otherError' };
  static isSupported = () => true;
  src = '';
  media: HTMLMediaElement | null = null;
  destroyed = false;
  handlers: Record<string, Handler> = {};
  constructor(public config: Record<string, unknown>) {
    FakeHls.instances.push(this);
  }
  on(event: string, handler: Handler) {
    this.handlers[event] = handler;
  }
  fail() {
    this.handlers.hlsError?.('hlsError', { fatal: true, type: 'otherError' });
  }
  loadSource(src: string) {
    this.src = src;
  }
  attachMedia(media: HTMLMediaElement) {
    this.media = media;
  }
  detachMedia() {
    this.media = null;
  }
  destroy() {
    this.destroyed = true;
  }
}
