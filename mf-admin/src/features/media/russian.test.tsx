import { setLanguage } from '@cliffhanger/shared';
import { screen } from '@testing-library/react';
import { type HttpMock, mockHttp } from '../../test/http-mock';
import { renderAdmin } from '../../test/render';
import { MediaLibrary } from './media-screens';

jest.setTimeout(20_000);

let http: HttpMock;
afterEach(async () => {
  http?.restore();
  await setLanguage('en');
  localStorage.clear();
});

describe('staff who use the site in Russian', () => {
  it('see the media library, its conversions and its files in Russian', async () => {
    await setLanguage('ru');
    http = mockHttp((config) => {
      if (config.url === '/admin/media/jobs/')
        return {
          status: 200,
          data: {
            results: [
              { id: 1, asset_id: 1, status: 'running', progress: 0.4, error: null, original_name: 'pilot.mp4' },
              { id: 2, asset_id: 2, status: 'failed', progress: 0, error: 'Bad file', original_name: 'bad.mp4' },
            ],
          },
        };
      if (config.url === '/admin/media/')
        return {
          status: 200,
          data: {
            results: [{ id: 3, kind: 'video', status: 'ready', original_name: 'teaser.mp4', url: null }],
            count: 1,
            page: 1,
            limit: 24,
          },
        };
      return undefined;
    });
    renderAdmin(<MediaLibrary />, { path: '/admin/media' });
    expect(screen.getByRole('heading', { name: 'Медиатека' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Обработка' })).toBeInTheDocument();
    expect(screen.getByLabelText('Загрузить видео (MP4, MOV, WebM или MKV)')).toBeInTheDocument();
    expect(await screen.findByText(/обрабатывается\s+40\s%/)).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Обработка pilot.mp4' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Повторить' })).toBeInTheDocument();
    expect(await screen.findByText(/teaser\.mp4 · готов/)).toBeInTheDocument();
  });
});
