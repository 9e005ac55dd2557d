import { setLanguage } from '@cliffhanger/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type HttpMock, mockHttp } from '../../test/http-mock';
import { renderAdmin } from '../../test/render';
import { CategoryNames } from './category-names';

let http: HttpMock;
afterEach(() => http.restore());

const CATEGORIES = [
  {
    id: 1,
    name: 'Drama',
    slug: 'drama',
    icon: '',
    color: '#aa0000',
    translations: { ru: { title: 'Драма' } },
    series_count: 3,
    shown: true,
  },
  {
    id: 2,
    name: 'Revenge',
    slug: 'revenge',
    icon: '',
    color: '#00aa00',
    translations: {},
    series_count: 0,
    shown: false,
  },
];

const patches = () =>
  http.calls
    .filter((call) => call.method === 'PATCH')
    .map((call) => ({ url: call.url, body: JSON.parse(String(call.data)) }));

function renderNames(
  answerPatch: (body: unknown) => { status: number; data: unknown } = (body) => ({ status: 200, data: body }),
  answerDelete: { status: number; data?: unknown } = { status: 204 },
) {
  http = mockHttp((config) => {
    if (config.url === '/admin/categories/') return { status: 200, data: CATEGORIES };
    if (config.method === 'patch') return answerPatch(JSON.parse(String(config.data)));
    if (config.method === 'delete') return { data: null, ...answerDelete };
    return undefined;
  });
  renderAdmin(<CategoryNames />, { path: '/admin/series' });
  return userEvent.setup();
}

describe('genre names in Russian', () => {
  it('lists every genre with its Russian name, and saves a new one for that genre alone', async () => {
    const user = renderNames();
    const section = await screen.findByRole('region', { name: 'Genre names in Russian' });
    const drama = await within(section).findByRole('textbox', { name: 'Russian name of Drama' });
    expect(drama).toHaveValue('Драма');
    expect(drama).toHaveAttribute('lang', 'ru');
    const revenge = within(section).getByRole('textbox', { name: 'Russian name of Revenge' });
    expect(revenge).toHaveValue('');
    // Nothing changed yet: nothing to save.
    expect(within(section).getByRole('button', { name: 'Save the Russian name of Revenge' })).toBeDisabled();
    await user.type(revenge, '  Месть ');
    await user.click(within(section).getByRole('button', { name: 'Save the Russian name of Revenge' }));
    await waitFor(() =>
      expect(patches()).toEqual([{ url: '/admin/categories/2/', body: { translations: { ru: { title: 'Месть' } } } }]),
    );
  });

  it('removes the Russian name when staff clear it', async () => {
    const user = renderNames();
    const drama = await screen.findByRole('textbox', { name: 'Russian name of Drama' });
    await user.clear(drama);
    await user.click(screen.getByRole('button', { name: 'Save the Russian name of Drama' }));
    await waitFor(() => expect(patches()).toEqual([{ url: '/admin/categories/1/', body: { translations: {} } }]));
  });

  it('says what is wrong beside the field: too long here, or what the API refused', async () => {
    const user = renderNames(() => ({
      status: 400,
      data: { message: 'Invalid body: translations/ru/title is too long' },
    }));
    const revenge = await screen.findByRole('textbox', { name: 'Russian name of Revenge' });
    await user.type(revenge, 'я'.repeat(61));
    await user.click(screen.getByRole('button', { name: 'Save the Russian name of Revenge' }));
    expect(revenge).toHaveAccessibleDescription('Keep the name within 60 characters');
    expect(patches()).toHaveLength(0);
    await user.clear(revenge);
    await user.type(revenge, 'Месть');
    await user.click(screen.getByRole('button', { name: 'Save the Russian name of Revenge' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid body: translations/ru/title is too long');
  });

  it('says how many series use each genre and whether viewers see it, and deletes only an unused one', async () => {
    const user = renderNames();
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(true);
    try {
      const section = await screen.findByRole('region', { name: 'Genre names in Russian' });
      expect(await within(section).findByText('3 series')).toBeInTheDocument();
      expect(within(section).getByText('Viewers see it: a series on show uses it')).toBeInTheDocument();
      expect(within(section).getByText('Hidden from viewers until a published series uses it')).toBeInTheDocument();
      expect(within(section).queryByRole('button', { name: 'Delete the genre Drama' })).not.toBeInTheDocument();
      await user.click(within(section).getByRole('button', { name: 'Delete the genre Revenge' }));
      expect(confirm).toHaveBeenCalledWith('Delete the genre “Revenge”? No series uses it.');
      await waitFor(() =>
        expect(http.calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual([
          '/admin/categories/2/',
        ]),
      );
    } finally {
      confirm.mockRestore();
    }
  });

  it('shows the reason the API gives when a genre cannot be deleted', async () => {
    const user = renderNames(undefined, {
      status: 409,
      data: { message: '"Revenge" cannot be deleted while series use it (1). Remove it from them first.' },
    });
    const confirm = jest.spyOn(window, 'confirm').mockReturnValue(true);
    try {
      await user.click(await screen.findByRole('button', { name: 'Delete the genre Revenge' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(
        '"Revenge" cannot be deleted while series use it (1). Remove it from them first.',
      );
    } finally {
      confirm.mockRestore();
    }
  });

  it('speaks Russian to staff who use the admin in Russian', async () => {
    await act(() => setLanguage('ru'));
    try {
      renderNames();
      expect(await screen.findByRole('region', { name: 'Названия жанров по-русски' })).toBeInTheDocument();
      expect(await screen.findByRole('textbox', { name: 'Русское название жанра Drama' })).toHaveValue('Драма');
    } finally {
      await act(() => setLanguage('en'));
    }
  });
});
