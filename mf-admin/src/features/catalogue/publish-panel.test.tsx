import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminSeries } from '../../lib/api/admin.types';
import { type HttpMock, mockHttp } from '../../test/http-mock';
import { renderAdmin } from '../../test/render';
import { EditSeries } from './series-screens';

let http: HttpMock;
afterEach(() => http.restore());

const CHECKLIST_MISSING = [
  { requirement: 'poster_image', met: true, message: 'A poster image (shown on series cards)' },
  { requirement: 'banner_image', met: false, message: 'A banner image (shown at the top of the series page)' },
  { requirement: 'category', met: true, message: 'At least one category (so the series appears under its genre)' },
  { requirement: 'episode', met: false, message: 'At least one episode with a finished video that is not unpublished' },
] as const;

function series(extra: Partial<AdminSeries> = {}): AdminSeries {
  return {
    id: 7,
    title: 'Night Shift',
    title_en: '',
    slug: 'night-shift',
    description: '',
    translations: {},
    audio_language: 'en',
    tags: [],
    category_ids: [1],
    year: null,
    rating: null,
    total_episodes: null,
    episodes_count: 0,
    is_gold_exclusive: false,
    is_featured: false,
    is_trending: false,
    is_top: false,
    is_hidden: false,
    poster_image: '/media/p.webp',
    cover_image: null,
    banner_image: null,
    slider_image: null,
    status: 'draft',
    published_at: null,
    publish_state: 'draft',
    publish_checklist: [...CHECKLIST_MISSING],
    deleted_at: null,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...extra,
  };
}

const READY = CHECKLIST_MISSING.map((check) => ({ ...check, met: true }));
const publishes = () => http.calls.filter((call) => call.method === 'POST' && call.url === '/admin/series/7/publish/');

function renderEdit(initial: AdminSeries, publishAnswer?: { status: number; data: unknown }) {
  let current = initial;
  http = mockHttp((config) => {
    if (config.url === '/admin/series/7/' && config.method === 'get') return { status: 200, data: current };
    if (config.url === '/admin/categories/')
      return {
        status: 200,
        data: [{ id: 1, name: 'Romance', slug: 'romance', icon: '', color: '#e91e63', series_count: 1, shown: true }],
      };
    if (config.url === '/admin/series/7/publish/') {
      const answer = publishAnswer ?? {
        status: 200,
        data: { ...current, status: 'published', publish_state: 'published' },
      };
      if (answer.status === 200) current = answer.data as AdminSeries;
      return answer;
    }
    return undefined;
  });
  renderAdmin(<EditSeries />, { path: '/admin/series/7/edit', route: '/admin/series/:id/edit' });
  return userEvent.setup();
}

describe('the series publishing panel', () => {
  it('shows a draft with its checklist, what is done and what is missing, and keeps publishing closed', async () => {
    renderEdit(series());
    const panel = await screen.findByRole('region', { name: 'Publishing' });
    expect(within(panel).getByText('Draft: viewers do not see this series yet.')).toBeInTheDocument();
    const items = within(within(panel).getByRole('list', { name: 'Before publishing' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      '✓A poster image (shown on series cards) (done)',
      '✗A banner image (shown at the top of the series page) (missing)',
      '✓At least one category (so the series appears under its genre) (done)',
      '✗At least one episode with a finished video that is not unpublished (missing)',
    ]);
    expect(within(panel).getByRole('button', { name: 'Publish now' })).toBeDisabled();
    expect(within(panel).getByRole('button', { name: 'Schedule' })).toBeDisabled();
    expect(within(panel).getByText('Publishing opens once every item above is done.')).toBeInTheDocument();
  });

  it('publishes a ready series now and then offers to unpublish it', async () => {
    const user = renderEdit(series({ publish_checklist: READY }));
    const panel = await screen.findByRole('region', { name: 'Publishing' });
    await user.click(within(panel).getByRole('button', { name: 'Publish now' }));
    await waitFor(() => expect(publishes()).toHaveLength(1));
    expect(JSON.parse(String(publishes()[0]?.data ?? '{}'))).toEqual({});
    await within(panel).findByRole('button', { name: 'Unpublish' });
    expect(within(panel).getByText(/^Published: viewers see this series/)).toBeInTheDocument();
  });

  it('schedules for a future time and refuses a time already past, before sending', async () => {
    const user = renderEdit(series({ publish_checklist: READY }));
    const panel = await screen.findByRole('region', { name: 'Publishing' });
    const when = within(panel).getByLabelText('Publish at');
    await user.type(when, '2001-02-03T04:05');
    await user.click(within(panel).getByRole('button', { name: 'Schedule' }));
    expect(within(panel).getByRole('alert')).toHaveTextContent('Choose a time in the future, or publish now');
    expect(publishes()).toHaveLength(0);

    await user.clear(when);
    await user.type(when, '2999-02-03T04:05');
    await user.click(within(panel).getByRole('button', { name: 'Schedule' }));
    await waitFor(() => expect(publishes()).toHaveLength(1));
    const sent = JSON.parse(String(publishes()[0]?.data));
    expect(new Date(sent.publish_at).getTime()).toBe(new Date('2999-02-03T04:05').getTime());
  });

  it('names what the server says is still missing when it refuses to publish', async () => {
    const user = renderEdit(series({ publish_checklist: READY }), {
      status: 422,
      data: {
        message: 'This series cannot be published yet.',
        missing: [
          { requirement: 'episode', message: 'At least one episode with a finished video that is not unpublished' },
        ],
      },
    });
    const panel = await screen.findByRole('region', { name: 'Publishing' });
    await user.click(within(panel).getByRole('button', { name: 'Publish now' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent(
      'Still needed: At least one episode with a finished video that is not unpublished.',
    );
  });

  it('says when a scheduled series goes live', async () => {
    renderEdit(
      series({
        status: 'published',
        publish_state: 'scheduled',
        published_at: '2999-05-01T09:30:00.000Z',
        publish_checklist: READY,
      }),
    );
    const panel = await screen.findByRole('region', { name: 'Publishing' });
    expect(within(panel).getByText(/^Scheduled: viewers see this series from .*2999/)).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Unpublish' })).toBeEnabled();
  });
});
