import { CAPTIONS_SIZE_STORAGE_KEY, CAPTIONS_STORAGE_KEY, setLanguage } from '@cliffhanger/shared';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { rememberHls, SUBTITLE_EVENTS } from '../../lib/hls-of-video';
import { initialCaptions, trackIndexFor } from './caption-tracks';
import { CaptionsMenu } from './captions-menu';

/** hls.js as far as captions go: subtitle renditions appear once the playlist is parsed. */
class FakeHls {
  subtitleTracks: Array<{ lang?: string; name: string }> = [];
  subtitleDisplay = true;
  levels: unknown[] = [];
  media: HTMLMediaElement | null = null;
  private track = -1;
  private listeners = new Map<string, Set<() => void>>();
  get subtitleTrack() {
    return this.track;
  }
  set subtitleTrack(index: number) {
    this.track = index;
    this.emit(SUBTITLE_EVENTS.trackSwitch);
  }
  on(event: string, listener: () => void) {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)?.add(listener);
  }
  off(event: string, listener: () => void) {
    this.listeners.get(event)?.delete(listener);
  }
  emit(event: string) {
    for (const listener of [...(this.listeners.get(event) ?? [])]) listener();
  }
  /** The master playlist arrives with these subtitle renditions. */
  parsed(tracks: Array<[string, string]>) {
    act(() => {
      this.levels = [{}];
      this.subtitleTracks = tracks.map(([lang, name]) => ({ lang, name }));
      this.emit(SUBTITLE_EVENTS.tracksUpdated);
      this.emit(SUBTITLE_EVENTS.manifestParsed);
    });
  }
  /** Which language shows, or 'off'. */
  get showing() {
    return this.subtitleDisplay && this.track >= 0 ? this.subtitleTracks[this.track]?.lang : 'off';
  }
}

const THREE: Array<[string, string]> = [
  ['en', 'English'],
  ['ru', 'Русский'],
  ['es', 'Español'],
];
const listed = (tracks: Array<[string, string]>) => tracks.map(([language, label]) => ({ language, label }));

function playing(tracks: Array<[string, string]> = THREE) {
  const video = document.createElement('video');
  document.body.append(video);
  const hls = new FakeHls();
  hls.media = video;
  rememberHls(video, hls);
  hls.parsed(tracks);
  return { video, hls };
}

function renderMenu(
  video: HTMLVideoElement,
  {
    id = 1,
    subtitles = listed(THREE),
    audio,
  }: { id?: number; subtitles?: ReturnType<typeof listed>; audio?: string } = {},
) {
  const props = { video: () => video, episode: { id, subtitles }, series: { audio_language: audio } };
  const view = render(<CaptionsMenu {...props} />);
  return {
    ...view,
    next: (other: HTMLVideoElement, nextId: number) =>
      view.rerender(<CaptionsMenu {...props} video={() => other} episode={{ id: nextId, subtitles }} />),
  };
}

const captionsButton = () => screen.getByRole('button', { name: /^Captions/ });

afterEach(async () => {
  localStorage.clear();
  document.body.innerHTML = '';
  await act(() => setLanguage('en'));
  localStorage.clear();
});

describe('the captions menu', () => {
  it('offers Off and each language by its label, and shows the one picked', async () => {
    const { hls } = playing();
    renderMenu(hls.media as HTMLVideoElement);
    await userEvent.click(captionsButton());
    const menu = screen.getByRole('menu', { name: 'Captions' });
    expect(menu).toBeInTheDocument();
    const items = screen.getAllByRole('menuitemradio').map((item) => item.textContent?.replace('✓', ''));
    expect(items).toEqual(['Off', 'English', 'Русский', 'Español', 'Small', 'Medium', 'Large']);
    expect(screen.getByRole('menuitemradio', { name: 'Off' })).toHaveAttribute('aria-checked', 'true');

    await userEvent.click(screen.getByRole('menuitemradio', { name: 'Русский' }));
    expect(hls.showing).toBe('ru');
    expect(hls.subtitleDisplay).toBe(true);
    expect(localStorage.getItem(CAPTIONS_STORAGE_KEY)).toBe('ru');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(captionsButton()).toHaveAccessibleName('Captions (CC): Русский');
  });

  it('turns captions off again with Off', async () => {
    localStorage.setItem(CAPTIONS_STORAGE_KEY, 'es');
    const { hls } = playing();
    renderMenu(hls.media as HTMLVideoElement);
    expect(hls.showing).toBe('es');
    await userEvent.click(captionsButton());
    await userEvent.click(screen.getByRole('menuitemradio', { name: 'Off' }));
    expect(hls.showing).toBe('off');
    expect(hls.subtitleDisplay).toBe(false);
    expect(localStorage.getItem(CAPTIONS_STORAGE_KEY)).toBe('off');
  });

  it('keeps the language picked for the next episode, swapped in on another video', async () => {
    const first = playing();
    const view = renderMenu(first.video);
    await userEvent.click(captionsButton());
    await userEvent.click(screen.getByRole('menuitemradio', { name: 'Русский' }));

    const second = playing([
      ['ru', 'Русский'],
      ['en', 'English'],
    ]);
    view.next(second.video, 2);
    expect(second.hls.showing).toBe('ru');
  });

  it('applies the choice once hls.js reads the playlist, even when the playlist comes after the menu', () => {
    localStorage.setItem(CAPTIONS_STORAGE_KEY, 'ru');
    const video = document.createElement('video');
    renderMenu(video);
    // The episode's own list shows the button before the video loads.
    expect(captionsButton()).toBeInTheDocument();
    const hls = new FakeHls();
    hls.media = video;
    act(() => rememberHls(video, hls));
    hls.parsed(THREE);
    expect(hls.showing).toBe('ru');
  });

  it('with no choice yet, shows captions in the interface language when the series is spoken in another', async () => {
    await act(() => setLanguage('ru'));
    const { video, hls } = playing();
    renderMenu(video, { audio: 'en' });
    expect(hls.showing).toBe('ru');
    expect(localStorage.getItem(CAPTIONS_STORAGE_KEY)).toBeNull();
  });

  it('with no choice yet, shows none when the series is spoken in the interface language', () => {
    const { video, hls } = playing();
    renderMenu(video); // English interface, a series that does not say: English
    expect(hls.showing).toBe('off');
  });

  it('with no choice yet, shows none when the interface language has no captions', async () => {
    await act(() => setLanguage('ru'));
    const { video, hls } = playing([['es', 'Español']]);
    renderMenu(video, { subtitles: listed([['es', 'Español']]) });
    expect(hls.showing).toBe('off');
  });

  it('is hidden when the episode has no captions', () => {
    const video = document.createElement('video');
    renderMenu(video, { subtitles: [] });
    expect(screen.queryByRole('button', { name: /Captions/ })).not.toBeInTheDocument();
  });

  it('is hidden when hls.js finds no captions in the playlist', () => {
    const { video } = playing([]);
    renderMenu(video);
    expect(screen.queryByRole('button', { name: /Captions/ })).not.toBeInTheDocument();
  });
});

describe('the captions menu’s keys, text size and words', () => {
  it('works by keyboard: focus on the checked item, arrows move, Escape closes and gives the focus back', async () => {
    const { video } = playing();
    renderMenu(video);
    captionsButton().focus();
    await userEvent.keyboard('{Enter}');
    expect(captionsButton()).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('menuitemradio', { name: 'Off' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitemradio', { name: 'English' })).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}{ArrowUp}');
    expect(screen.getByRole('menuitemradio', { name: 'Large' })).toHaveFocus();
    await userEvent.keyboard('{Home}');
    expect(screen.getByRole('menuitemradio', { name: 'Off' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(captionsButton()).toHaveFocus();
    expect(captionsButton()).toHaveAttribute('aria-expanded', 'false');
  });

  it('keeps the arrow keys from moving to another episode while the menu is open', async () => {
    const { video } = playing();
    renderMenu(video);
    const seen: boolean[] = [];
    const onKey = (event: KeyboardEvent) => seen.push(event.defaultPrevented);
    window.addEventListener('keydown', onKey);
    await userEvent.click(captionsButton());
    await userEvent.keyboard('{ArrowDown}');
    window.removeEventListener('keydown', onKey);
    expect(seen.every((prevented) => prevented)).toBe(true);
  });

  it('sets the text size on the video and remembers it', async () => {
    const { video } = playing();
    renderMenu(video);
    expect(video.dataset.captionSize).toBe('medium');
    await userEvent.click(captionsButton());
    await userEvent.click(screen.getByRole('menuitemradio', { name: 'Large' }));
    expect(video.dataset.captionSize).toBe('large');
    expect(localStorage.getItem(CAPTIONS_SIZE_STORAGE_KEY)).toBe('large');
  });

  it('closes when the viewer taps elsewhere', async () => {
    const { video } = playing();
    renderMenu(video);
    await userEvent.click(captionsButton());
    await userEvent.click(document.body);
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('speaks Russian in a Russian interface', async () => {
    await act(() => setLanguage('ru'));
    const { video } = playing([['es', 'Español']]);
    renderMenu(video, { subtitles: listed([['es', 'Español']]) });
    await userEvent.click(screen.getByRole('button', { name: 'Субтитры (CC)' }));
    expect(screen.getByRole('menu', { name: 'Субтитры' })).toBeInTheDocument();
    expect(screen.getByRole('menuitemradio', { name: 'Выкл.' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('group', { name: 'Размер текста' })).toBeInTheDocument();
    expect(screen.getByRole('menuitemradio', { name: 'Крупный' })).toBeInTheDocument();
  });
});

describe('with the browser’s own HLS player (no hls.js)', () => {
  it('lists and switches the video’s text tracks', async () => {
    const video = document.createElement('video');
    const tracks = [
      { kind: 'subtitles', language: 'en', label: 'English', mode: 'disabled' },
      { kind: 'metadata', language: '', label: 'id3', mode: 'hidden' },
      { kind: 'subtitles', language: 'ru', label: 'Русский', mode: 'disabled' },
    ];
    const list = Object.assign(tracks, { addEventListener: jest.fn(), removeEventListener: jest.fn() });
    Object.defineProperty(video, 'textTracks', { value: list });
    Object.defineProperty(video, 'readyState', { value: HTMLMediaElement.HAVE_METADATA });
    renderMenu(video, { subtitles: listed([['en', 'English']]) });
    await userEvent.click(captionsButton());
    expect(screen.getAllByRole('menuitemradio').map((item) => item.textContent?.replace('✓', ''))).toEqual([
      'Off',
      'English',
      'Русский',
      'Small',
      'Medium',
      'Large',
    ]);
    await userEvent.click(screen.getByRole('menuitemradio', { name: 'Русский' }));
    expect(tracks.map((track) => track.mode)).toEqual(['disabled', 'hidden', 'showing']);
  });
});

describe('which captions an episode starts with', () => {
  const tracks = listed(THREE);
  it('is the stored choice whatever the languages', () => {
    expect(initialCaptions(tracks, 'es', 'ru', 'en')).toBe('es');
    expect(initialCaptions(tracks, 'off', 'ru', 'en')).toBe('off');
  });
  it('is the interface language when the series is spoken in another and has those captions', () => {
    expect(initialCaptions(tracks, null, 'ru', 'en')).toBe('ru');
    expect(initialCaptions(tracks, null, 'ru', undefined)).toBe('ru');
    expect(initialCaptions(tracks, null, 'en', 'ru')).toBe('en');
  });
  it('is off when the series is spoken in the interface language, or those captions are missing', () => {
    expect(initialCaptions(tracks, null, 'en', 'en-GB')).toBe('off');
    expect(initialCaptions(listed([['es', 'Español']]), null, 'ru', 'en')).toBe('off');
  });
  it('finds a language in another region when the exact one is missing', () => {
    const regional = listed([
      ['pt-BR', 'Português'],
      ['en', 'English'],
    ]);
    expect(trackIndexFor(regional, 'pt')).toBe(0);
    expect(trackIndexFor(regional, 'EN')).toBe(1);
    expect(trackIndexFor(regional, 'off')).toBe(-1);
  });
});
