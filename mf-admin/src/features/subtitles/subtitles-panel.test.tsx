import { type SubtitleTrack, setLanguage, showToast } from '@cliffhanger/shared';
import type { UnknownAction } from '@reduxjs/toolkit';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminEpisode } from '../../lib/api/admin.types';
import { type HttpMock, mockHttp } from '../../test/http-mock';
import { renderAdmin } from '../../test/render';
import { EditEpisode } from '../catalogue/episode-screens';
import { VideoPreview } from '../catalogue/video-preview';
import { SubtitlesPanel, type TrackPreview } from './subtitles-panel';

let http: HttpMock;
let tracks: SubtitleTrack[];
const HOUR_AGO = () => new Date(Date.now() - 3600_000).toISOString();
const BAD_LINE = 'Line 4: the cue timing must look like 00:00:01,000 --> 00:00:02,000.';

beforeEach(() => {
  tracks = [
    { language: 'en', label: 'English', cues: 1, updated_at: HOUR_AGO() },
    { language: 'ru', label: 'Русский', cues: 5, updated_at: HOUR_AGO() },
  ];
  http = mockHttp((config) => {
    const url = config.url ?? '';
    if (url === '/admin/episodes/5/subtitles/' && config.method === 'get')
      return { status: 200, data: { results: tracks } };
    const one = /^\/admin\/episodes\/5\/subtitles\/([^/]+)\/$/.exec(url);
    if (one) {
      const language = decodeURIComponent(one[1] as string);
      if (config.method === 'get')
        return { status: 200, data: 'WEBVTT\n\n00:00:00.000 --> 00:00:02.000\nЗдравствуйте\n' };
      if (config.method === 'delete') {
        tracks = tracks.filter((track) => track.language !== language);
        return { status: 204 };
      }
      if (config.method === 'put') {
        const body = JSON.parse(String(config.data)) as { text: string; label?: string };
        if (body.text.includes('broken')) return { status: 400, data: { message: BAD_LINE } };
        const existed = tracks.some((track) => track.language === language);
        const track = { language, label: body.label ?? language, cues: 2, updated_at: new Date().toISOString() };
        tracks = [...tracks.filter((t) => t.language !== language), track];
        return { status: existed ? 200 : 201, data: track };
      }
    }
    if (url === '/admin/episodes/5/preview/')
      return {
        status: 200,
        data: { episode_id: 5, hls_url: null, video_url: '/media/5.mp4', url: '/media/5.mp4', expires_at: null },
      };
    if (url === '/admin/episodes/5/') return { status: 200, data: adminEpisode() };
    return undefined;
  });
});
afterEach(async () => {
  http.restore();
  jest.restoreAllMocks();
  await act(() => setLanguage('en'));
  localStorage.clear();
});

function adminEpisode(): AdminEpisode {
  return {
    id: 5,
    series_id: 7,
    series_title: 'Night Shift',
    season_number: 1,
    episode_number: 1,
    position: 0,
    title: 'The Letter',
    description: '',
    translations: {},
    thumbnail: null,
    duration: 60,
    hls_url: '/media/5/master.m3u8',
    video_url: '/media/5.mp4',
    is_free: true,
    coin_cost: 0,
    unlocks: 0,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    status: 'published',
    published_at: '2026-01-01T00:00:00.000Z',
    publish_state: 'published',
    publish_checklist: [],
  };
}

function renderPanel() {
  const record: UnknownAction[] = [];
  const episode = adminEpisode();
  const preview: TrackPreview = (track) => (
    <VideoPreview episodeId={episode.id} title={episode.title} hasVideo tracks={[track]} initiallyOpen />
  );
  renderAdmin(<SubtitlesPanel episode={episode} preview={preview} />, { record });
  return { record, user: userEvent.setup() };
}

const table = () => screen.findByRole('table', { name: 'Subtitle tracks' });
const textOf = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });
const puts = () => http.calls.filter((call) => call.method === 'PUT');
const sent = (index = 0) => JSON.parse(String(puts()[index]?.data)) as { text: string; label?: string };
const srt = (text = '1\n00:00:01,000 --> 00:00:02,000\nHola\n', name = 'episode.es.srt') =>
  new File([text], name, { type: '' });

describe('an episode’s subtitles, for staff', () => {
  it('lists each track with its language, label, cue count and when it was updated', async () => {
    renderPanel();
    const rows = within(await table()).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('English (en)');
    expect(rows[1]).toHaveTextContent('1 cue');
    expect(rows[2]).toHaveTextContent('Russian (ru)');
    expect(rows[2]).toHaveTextContent('Русский');
    expect(rows[2]).toHaveTextContent('5 cues');
    expect(rows[2]).toHaveTextContent('1 hour ago');
  });

  it('uploads an .srt in Spanish, labelled with the language’s own name, and lists it', async () => {
    const { record, user } = renderPanel();
    await table();
    await user.selectOptions(screen.getByLabelText('Language'), 'es');
    expect(screen.getByLabelText('Label')).toHaveValue('Español');
    await user.upload(screen.getByLabelText('Subtitle file (.vtt or .srt)'), srt());
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]?.url).toBe('/admin/episodes/5/subtitles/es/');
    expect(sent()).toEqual({ text: '1\n00:00:01,000 --> 00:00:02,000\nHola\n', label: 'Español' });
    await waitFor(() =>
      expect(record).toContainEqual(showToast({ type: 'success', message: 'The Español subtitles are added' })),
    );
    expect(await within(await table()).findByText('Español')).toBeInTheDocument();
  });

  it('takes any language tag with no code for it: Swahili, named by the browser', async () => {
    const { user } = renderPanel();
    await table();
    await user.selectOptions(screen.getByLabelText('Language'), 'other');
    await user.type(screen.getByLabelText('Language tag'), 'sw');
    expect(screen.getByLabelText('Label')).toHaveValue('Kiswahili');
    await user.upload(screen.getByLabelText('Subtitle file (.vtt or .srt)'), srt());
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(puts()[0]?.url).toBe('/admin/episodes/5/subtitles/sw/'));
    expect(await within(await table()).findByText(/Swahili/)).toBeInTheDocument();
  });

  it('refuses a tag that is not a language tag, sending nothing', async () => {
    const { user } = renderPanel();
    await table();
    await user.selectOptions(screen.getByLabelText('Language'), 'other');
    await user.type(screen.getByLabelText('Language tag'), 'Portuguese');
    await user.upload(screen.getByLabelText('Subtitle file (.vtt or .srt)'), srt());
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Enter a language tag such as pt-BR.')).toBeInTheDocument();
    expect(puts()).toHaveLength(0);
  });

  it('asks for a file, and refuses one larger than the limit, sending nothing', async () => {
    const { user } = renderPanel();
    await table();
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Choose a .vtt or .srt file.')).toBeInTheDocument();
    await user.upload(screen.getByLabelText('Subtitle file (.vtt or .srt)'), srt('x'.repeat(256 * 1024 + 1)));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText(/larger than 256 KB/)).toBeInTheDocument();
    expect(puts()).toHaveLength(0);
  });

  it('shows the API’s reason (the line at fault) beside the file field', async () => {
    const { user } = renderPanel();
    await table();
    await user.selectOptions(screen.getByLabelText('Language'), 'es');
    await user.upload(screen.getByLabelText('Subtitle file (.vtt or .srt)'), srt('broken'));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    const message = await screen.findByText(BAD_LINE);
    expect(screen.getByLabelText('Subtitle file (.vtt or .srt)')).toHaveAccessibleDescription(BAD_LINE);
    expect(message).toHaveAttribute('role', 'alert');
    expect(within(await table()).getAllByRole('row')).toHaveLength(3);
  });

  it('replaces a track in place, keeping its label', async () => {
    const { record, user } = renderPanel();
    await user.click(within(await table()).getByRole('button', { name: 'Replace the Русский subtitles' }));
    expect(screen.getByRole('heading', { name: 'Replace the Русский subtitles' })).toBeInTheDocument();
    expect(screen.getByLabelText('Language')).toHaveValue('ru');
    expect(screen.getByLabelText('Label')).toHaveValue('Русский');
    expect(screen.getByLabelText('Subtitle file (.vtt or .srt)')).toHaveFocus();
    await user.upload(screen.getByLabelText('Subtitle file (.vtt or .srt)'), srt('WEBVTT\n', 'ru.vtt'));
    await user.click(screen.getByRole('button', { name: 'Replace' }));
    await waitFor(() => expect(puts()[0]?.url).toBe('/admin/episodes/5/subtitles/ru/'));
    expect(sent().label).toBe('Русский');
    await waitFor(() =>
      expect(record).toContainEqual(showToast({ type: 'success', message: 'The Русский subtitles are replaced' })),
    );
    expect(screen.getByRole('heading', { name: 'Add subtitles' })).toBeInTheDocument();
  });

  it('deletes a track only once staff confirm', async () => {
    const confirm = jest.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValue(true);
    const { user } = renderPanel();
    const remove = within(await table()).getByRole('button', { name: 'Delete the English subtitles' });
    await user.click(remove);
    expect(confirm).toHaveBeenLastCalledWith('Delete the English subtitles? Viewers will no longer see them.');
    expect(http.calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(remove);
    await waitFor(() =>
      expect(http.calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual([
        '/admin/episodes/5/subtitles/en/',
      ]),
    );
    await waitFor(() => expect(within(screen.getByRole('table')).queryByText('English')).not.toBeInTheDocument());
  });

  it('previews the episode with the stored track drawn over the video', async () => {
    const createObjectURL = jest.fn((_blob: Blob) => 'blob:preview-ru');
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    const { user } = renderPanel();
    await user.click(within(await table()).getByRole('button', { name: 'Preview with the Русский subtitles' }));
    expect(await screen.findByText('Previewing with the Русский subtitles')).toBeInTheDocument();
    const video = await screen.findByLabelText('Preview of “The Letter”');
    const track = video.querySelector('track');
    expect(track).toHaveAttribute('src', 'blob:preview-ru');
    expect(track).toHaveAttribute('srclang', 'ru');
    expect(track).toHaveAttribute('label', 'Русский');
    expect(track).toHaveAttribute('kind', 'subtitles');
    const blob = createObjectURL.mock.calls[0]?.[0] as Blob;
    expect(blob.type).toBe('text/vtt');
    expect(await textOf(blob)).toContain('Здравствуйте');
    expect(http.calls.some((call) => call.url === '/admin/episodes/5/subtitles/ru/' && call.method === 'GET')).toBe(
      true,
    );
  });

  it('is in Russian for Russian-speaking staff, with Russian plurals', async () => {
    await act(() => setLanguage('ru'));
    renderPanel();
    expect(await screen.findByRole('heading', { name: 'Субтитры' })).toBeInTheDocument();
    const rows = within(await screen.findByRole('table', { name: 'Дорожки субтитров' })).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('английский (en)'.replace(/^./, 'А'));
    expect(rows[1]).toHaveTextContent('1 реплика');
    expect(rows[2]).toHaveTextContent('5 реплик');
    expect(rows[2]).toHaveTextContent('1 час назад');
    expect(screen.getByRole('button', { name: 'Загрузить' })).toBeInTheDocument();
  });

  it('sits on the episode’s edit screen', async () => {
    renderAdmin(<EditEpisode />, { path: '/admin/episodes/5/edit', route: '/admin/episodes/:episodeId/edit' });
    expect(await screen.findByRole('heading', { name: 'Subtitles' })).toBeInTheDocument();
    expect(await table()).toBeInTheDocument();
  });
});
