import { i18n } from '@cliffhanger/shared';
import { act, screen, waitFor } from '@testing-library/react';
import type { DemoCatalogueProgress as Progress } from '../../lib/api/admin.types';
import { type HttpMock, mockHttp } from '../../test/http-mock';
import { renderAdmin } from '../../test/render';
import { DemoCatalogueProgress } from './demo-catalogue-progress';

let http: HttpMock | undefined;
afterEach(async () => {
  http?.restore();
  http = undefined;
  jest.useRealTimers();
  await act(() => i18n.changeLanguage('en'));
});

/** Answers the progress endpoint with each of `answers` in turn, then the last one again. */
function answering(...answers: Progress[]) {
  let next = 0;
  http = mockHttp((config) => {
    if (config.url !== '/admin/demo-catalogue/') return undefined;
    const answer = answers[Math.min(next, answers.length - 1)];
    next += 1;
    return { status: 200, data: answer };
  });
  return http;
}

const requests = () => http?.calls.filter((c) => c.url === '/admin/demo-catalogue/').length ?? 0;

describe('the demo catalogue progress on the dashboard', () => {
  it('tells staff how many demo series are on the site while the others are made', async () => {
    answering({ total: 12, ready: 3, failed: [] });
    renderAdmin(<DemoCatalogueProgress />, { path: '/admin' });
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Making the demo catalogue: 3 of 12 series ready. Each of the others appears on the site as soon as it is made.',
    );
    const bar = screen.getByRole('progressbar', { name: 'Demo catalogue' });
    expect(bar).toHaveAttribute('value', '3');
    expect(bar).toHaveAttribute('max', '12');
  });

  it('follows the making and is gone once the last series is on the site', async () => {
    jest.useFakeTimers();
    answering({ total: 12, ready: 11, failed: [] }, { total: 12, ready: 12, failed: [] });
    renderAdmin(<DemoCatalogueProgress />, { path: '/admin' });
    expect(await screen.findByText(/11 of 12 series ready/)).toBeInTheDocument();
    await act(() => jest.advanceTimersByTimeAsync(5_000));
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
    expect(requests()).toBe(2);
    // Done: no more asking.
    const asked = requests();
    await act(() => jest.advanceTimersByTimeAsync(30_000));
    expect(requests()).toBe(asked);
  });

  it('names each series that could not be made and why, and stops asking when nothing is left to make', async () => {
    jest.useFakeTimers();
    answering({
      total: 12,
      ready: 11,
      failed: [{ slug: 'kitchen-wars', title: 'Kitchen Wars', message: 'ffmpeg exited with code 1' }],
    });
    renderAdmin(<DemoCatalogueProgress />, { path: '/admin' });
    expect(await screen.findByRole('status')).toHaveTextContent('Demo catalogue: 11 of 12 series ready.');
    expect(
      screen.getByText(
        '“Kitchen Wars” could not be made (ffmpeg exited with code 1). The server tries again at its next start.',
      ),
    ).toBeInTheDocument();
    const asked = requests();
    await act(() => jest.advanceTimersByTimeAsync(30_000));
    expect(requests()).toBe(asked);
  });

  it('shows nothing when the catalogue is not the demo’s', async () => {
    const mock = answering({ total: 0, ready: 0, failed: [] });
    const { container } = renderAdmin(<DemoCatalogueProgress />, { path: '/admin' });
    await act(async () => {
      while (mock.calls.length === 0) await new Promise((r) => setTimeout(r, 10));
    });
    expect(container).toBeEmptyDOMElement();
  });

  it('speaks Russian on a Russian page', async () => {
    await act(() => i18n.changeLanguage('ru'));
    answering({ total: 12, ready: 5, failed: [] });
    renderAdmin(<DemoCatalogueProgress />, { path: '/admin' });
    expect(await screen.findByRole('status')).toHaveTextContent('Создаётся демо-каталог: готово сериалов — 5 из 12.');
    expect(screen.getByRole('progressbar', { name: 'Демо-каталог' })).toBeInTheDocument();
  });
});
