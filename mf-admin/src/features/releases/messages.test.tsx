import { catalogueProblems, i18n, registeredCatalogues, setLanguage } from '@cliffhanger/shared';
import { act, screen, within } from '@testing-library/react';
import { type HttpMock, mockHttp } from '../../test/http-mock';
import { renderAdmin } from '../../test/render';
import { RELEASES_MESSAGES, RELEASES_NAMESPACE } from './messages';
import { Releases, shareProblem } from './releases-screen';

let http: HttpMock | undefined;
afterEach(async () => {
  http?.restore();
  http = undefined;
  localStorage.clear();
  await act(() => i18n.changeLanguage('en'));
});

const version = (name: string, extra: Record<string, unknown> = {}) => ({
  version: name,
  built_at: '2026-11-20T10:00:00.000Z',
  shared: { react: '^19.0.0' },
  compatible: true,
  incompatibility: null,
  loads: 1200,
  failures: 0,
  errors: 0,
  failure_rate: 0.025,
  median_load_ms: 1500,
  ...extra,
});

describe('the releases’ words', () => {
  it('exist in English and Russian with the same keys, every plural form and nothing left untranslated', () => {
    expect(catalogueProblems(RELEASES_NAMESPACE, RELEASES_MESSAGES)).toEqual([]);
  });
  it('are registered by the staff area itself, so it has them when deployed alone', () => {
    expect(registeredCatalogues().get(RELEASES_NAMESPACE)).toBe(RELEASES_MESSAGES);
  });

  it('show a remote’s versions, figures and actions in Russian', async () => {
    await act(() => setLanguage('ru'));
    const answer = {
      remotes: [
        {
          remote: 'wallet',
          stable_version: '1.4.0',
          canary_version: '2.0.0',
          canary_share: 25,
          updated_at: '2026-11-24T09:00:00.000Z',
          auto_rollback: null,
          versions: [version('2.0.0'), version('1.4.0')],
        },
      ],
    };
    http = mockHttp((config) =>
      config.url === '/admin/releases/' ? { status: 200, data: answer } : { status: 200, data: answer },
    );
    renderAdmin(<Releases />, { path: '/admin/releases' });
    const wallet = await screen.findByRole('region', { name: 'Кошелёк' });
    expect(screen.getByRole('heading', { name: 'Релизы', level: 1 })).toBeInTheDocument();
    expect(within(wallet).getByText('2.0.0 для 25 % сеансов')).toBeInTheDocument();
    expect(within(wallet).getByRole('button', { name: 'Выпустить 2.0.0' })).toBeInTheDocument();
    expect(within(wallet).getByRole('button', { name: 'Обновить канарейку' })).toBeInTheDocument();
    expect(within(wallet).getByRole('button', { name: 'Сделать версию 2.0.0 (Кошелёк) стабильной' })).toBeDisabled;
    expect(within(wallet).getByRole('columnheader', { name: 'Доля сбоев' })).toBeInTheDocument();
    const row = within(wallet).getAllByRole('row')[1];
    expect(row.textContent?.replace(/[\u00a0\u202f]/g, ' ')).toContain('1 2002,5 %сбоев: 0 из 1 2001 500 мсДа');
  });

  it('explain a wrong share in Russian', async () => {
    await act(() => setLanguage('ru'));
    expect(shareProblem('0')).toBe('Введите целое число от 1 до 100');
  });
});
