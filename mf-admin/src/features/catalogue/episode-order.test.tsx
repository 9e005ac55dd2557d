import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminEpisode } from '../../lib/api/admin.types';
import { type HttpMock, mockHttp } from '../../test/http-mock';
import { renderAdmin } from '../../test/render';
import { keepUnsavedOrder, SeriesEpisodes } from './episode-screens';
import { describeRule, parseRule } from './pricing-rule';

// Several typed fields and three requests per test: generous on a busy machine.
jest.setTimeout(20_000);

let http: HttpMock;
afterEach(() => http.restore());

// jsdom has no PointerEvent: a mouse event that also carries the pointer's type and id stands in.
class TestPointerEvent extends MouseEvent {
  pointerType: string;
  pointerId: number;
  constructor(type: string, init: PointerEventInit = {}) {
    super(type, init);
    this.pointerType = init.pointerType ?? 'mouse';
    this.pointerId = init.pointerId ?? 1;
  }
}
beforeAll(() => {
  (window as unknown as { PointerEvent: unknown }).PointerEvent ??= TestPointerEvent;
});

const episode = (id: number, n: number): AdminEpisode => ({
  id,
  series_id: 7,
  series_title: 'Night Shift',
  season_number: 1,
  episode_number: n,
  position: n - 1,
  title: `Night ${n}`,
  description: '',
  translations: {},
  thumbnail: null,
  duration: 60,
  hls_url: '/media/x/master.m3u8',
  video_url: null,
  is_free: n === 1,
  coin_cost: n === 1 ? 0 : 10,
  unlocks: 0,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  status: 'published',
  published_at: '2026-01-01T00:00:00.000Z',
  publish_state: 'published',
  publish_checklist: [],
});

function renderEpisodes(routes: (config: { url?: string; method?: string; data?: unknown }) => unknown) {
  http = mockHttp((config) => {
    const answer = routes(config);
    if (answer) return answer as { status: number; data: unknown };
    if (config.url === '/admin/series/7/episodes/')
      return { status: 200, data: [episode(11, 1), episode(12, 2), episode(13, 3)] };
    if (config.url === '/admin/series/7/')
      return { status: 200, data: { id: 7, title: 'Night Shift', publish_state: 'published' } };
    return undefined;
  });
  renderAdmin(<SeriesEpisodes />, { path: '/admin/series/7/episodes', route: '/admin/series/:seriesId/episodes' });
}

const rows = () => screen.getAllByRole('listitem').filter((li) => li.classList.contains('admin-episode-row'));
const titles = () =>
  rows().map(
    (li) =>
      within(li)
        .getByText(/Night \d/)
        .textContent?.match(/Night \d/)?.[0],
  );

describe('reordering episodes', () => {
  it('moves an episode by dragging it onto another and saves the whole new order', async () => {
    renderEpisodes((config) =>
      config.url === '/admin/series/7/episodes/order/' ? { status: 200, data: [] } : undefined,
    );
    await screen.findByText(/Night 3/);
    const [first, , third] = rows() as [HTMLElement, HTMLElement, HTMLElement];
    fireEvent.dragStart(third, { dataTransfer: { setData() {}, effectAllowed: 'move' } });
    fireEvent.dragOver(first, { dataTransfer: {} });
    fireEvent.drop(first, { dataTransfer: {} });
    expect(titles()).toEqual(['Night 3', 'Night 1', 'Night 2']);
    await userEvent.click(screen.getByRole('button', { name: 'Save the new order' }));
    await waitFor(() => expect(http.calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = http.calls.find((c) => c.method === 'PUT');
    expect(JSON.parse(String(put?.data))).toEqual({ episode_ids: [13, 11, 12] });
  });

  it('moves an episode by touch: press its handle, drag it over another row and let go', async () => {
    renderEpisodes((config) =>
      config.url === '/admin/series/7/episodes/order/' ? { status: 200, data: [] } : undefined,
    );
    await screen.findByText(/Night 3/);
    // Each row is 50 px tall, the list starts at 100 px.
    rows().forEach((row, index) => {
      row.getBoundingClientRect = () =>
        ({ top: 100 + index * 50, bottom: 150 + index * 50, left: 0, right: 390, width: 390, height: 50 }) as DOMRect;
    });
    const handle = (row: HTMLElement) => row.querySelector('.admin-drag-handle') as HTMLElement;
    const touch = { pointerType: 'touch', pointerId: 1 };
    fireEvent.pointerDown(handle(rows()[0] as HTMLElement), { ...touch, clientY: 120 });
    expect(rows()[0]).toHaveClass('is-dragging');
    fireEvent.pointerMove(handle(rows()[0] as HTMLElement), { ...touch, clientY: 175 });
    expect(rows()[1]).toHaveClass('is-drop-target');
    fireEvent.pointerMove(handle(rows()[0] as HTMLElement), { ...touch, clientY: 230 });
    expect(rows()[2]).toHaveClass('is-drop-target');
    fireEvent.pointerUp(handle(rows()[0] as HTMLElement), { ...touch, clientY: 230 });
    expect(titles()).toEqual(['Night 2', 'Night 3', 'Night 1']);
    expect(rows().some((row) => row.classList.contains('is-dragging'))).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Save the new order' }));
    await waitFor(() => expect(http.calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = http.calls.find((c) => c.method === 'PUT');
    expect(JSON.parse(String(put?.data))).toEqual({ episode_ids: [12, 13, 11] });
  });

  it('leaves the order as it was when a touch drag is cancelled', async () => {
    renderEpisodes(() => undefined);
    await screen.findByText(/Night 3/);
    const handle = rows()[0]?.querySelector('.admin-drag-handle') as HTMLElement;
    fireEvent.pointerDown(handle, { pointerType: 'touch', pointerId: 1, clientY: 0 });
    fireEvent.pointerCancel(handle, { pointerType: 'touch', pointerId: 1 });
    expect(titles()).toEqual(['Night 1', 'Night 2', 'Night 3']);
    expect(screen.queryByRole('button', { name: 'Save the new order' })).not.toBeInTheDocument();
  });

  it('moves an episode with its keyboard-reachable arrows', async () => {
    renderEpisodes(() => undefined);
    await screen.findByText(/Night 3/);
    await userEvent.click(screen.getByRole('button', { name: 'Move “Night 1” down' }));
    expect(titles()).toEqual(['Night 2', 'Night 1', 'Night 3']);
    expect(screen.getByRole('button', { name: 'Move “Night 2” up' })).toBeDisabled();
  });
});

describe('a fresh episode list arriving while the staff member reorders', () => {
  const row = (id: number, title = `Episode ${id}`) => ({ id, title });
  const before = [row(1), row(2), row(3)];

  it('keeps moves not yet saved, with the fresh rows', () => {
    const mine = [row(2), row(3), row(1)];
    const fresh = [row(1, 'Renamed'), row(2), row(3)];
    expect(keepUnsavedOrder(mine, before, fresh)).toEqual([row(2), row(3), row(1, 'Renamed')]);
  });

  it('takes the fresh list when nothing was moved', () => {
    const fresh = [row(3), row(1), row(2)];
    expect(keepUnsavedOrder([...before], before, fresh)).toBe(fresh);
  });

  it('takes the fresh list when episodes were added or removed meanwhile', () => {
    const mine = [row(2), row(3), row(1)];
    const fresh = [row(1), row(2), row(3), row(4)];
    expect(keepUnsavedOrder(mine, before, fresh)).toBe(fresh);
    expect(keepUnsavedOrder(mine, before, [row(1), row(2)])).toEqual([row(1), row(2)]);
  });
});

describe('pricing every episode at once', () => {
  it('reads the rule from the fields, refusing what makes no sense, and says it in words', () => {
    expect(parseRule({ free_episodes: '5', price: '12', step: '2', every: '10' }).rule).toEqual({
      free_episodes: 5,
      price: 12,
      step: 2,
      every: 10,
    });
    const bad = parseRule({ free_episodes: '-1', price: '0', step: '1.5', every: '0' });
    expect(bad.rule).toBeNull();
    expect(Object.keys(bad.errors).sort()).toEqual(['every', 'free_episodes', 'price', 'step']);
    expect(describeRule({ free_episodes: 5, price: 12, step: 2, every: 10 })).toBe(
      'Episodes 1–5 free, then 12 coins, rising by 2 every 10 episodes',
    );
  });

  it('shows the preview before applying, and applies the rule that was previewed', async () => {
    const plan = {
      rule: { free_episodes: 1, price: 12, step: 2, every: 1 },
      changed: 2,
      episodes: [
        {
          episode_id: 11,
          season_number: 1,
          episode_number: 1,
          title: 'Night 1',
          before: { is_free: true, coin_cost: 0 },
          after: { is_free: true, coin_cost: 0 },
          changed: false,
        },
        {
          episode_id: 12,
          season_number: 1,
          episode_number: 2,
          title: 'Night 2',
          before: { is_free: false, coin_cost: 10 },
          after: { is_free: false, coin_cost: 12 },
          changed: true,
        },
        {
          episode_id: 13,
          season_number: 1,
          episode_number: 3,
          title: 'Night 3',
          before: { is_free: false, coin_cost: 10 },
          after: { is_free: false, coin_cost: 14 },
          changed: true,
        },
      ],
    };
    renderEpisodes((config) =>
      config.url === '/admin/series/7/pricing/preview/' || config.url === '/admin/series/7/pricing/'
        ? { status: 200, data: plan }
        : undefined,
    );
    await screen.findByText(/Night 3/);
    expect(screen.queryByRole('button', { name: /Apply to all/ })).not.toBeInTheDocument();
    const field = (label: string) => screen.getByLabelText(label);
    await userEvent.clear(field('Free episodes at the start'));
    await userEvent.type(field('Free episodes at the start'), '1');
    await userEvent.clear(field('Every (paid episodes)'));
    await userEvent.type(field('Every (paid episodes)'), '1');
    await userEvent.click(screen.getByRole('button', { name: 'Preview the prices' }));
    expect(await screen.findByText('2 of 3 episodes change price.')).toBeInTheDocument();
    expect(http.calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Apply to all 3 episodes' }));
    await waitFor(() =>
      expect(http.calls.some((c) => c.method === 'PUT' && c.url === '/admin/series/7/pricing/')).toBe(true),
    );
    const put = http.calls.find((c) => c.method === 'PUT');
    expect(JSON.parse(String(put?.data))).toEqual(plan.rule);
  });

  it('asks for a new preview when a field changes after the preview', async () => {
    const plan = {
      rule: { free_episodes: 5, price: 12, step: 2, every: 10 },
      changed: 0,
      episodes: [],
    };
    renderEpisodes((config) =>
      config.url === '/admin/series/7/pricing/preview/' ? { status: 200, data: plan } : undefined,
    );
    await screen.findByText(/Night 3/);
    await userEvent.click(screen.getByRole('button', { name: 'Preview the prices' }));
    await screen.findByText('Every episode already has this price.');
    await userEvent.type(screen.getByLabelText('Rising by (coins)'), '0');
    expect(screen.queryByText('Every episode already has this price.')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Apply to all/ })).not.toBeInTheDocument();
  });
});
