import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { type HttpMock, mockHttp } from '../../test/http-mock';
import { renderAdmin } from '../../test/render';
import { CategoryPicker } from './series-screens';

let http: HttpMock;
afterEach(() => http.restore());

let picked: number[] = [];
function Harness({ initial }: { initial: number[] }) {
  const [selected, setSelected] = useState(initial);
  picked = selected;
  return <CategoryPicker selected={selected} onChange={setSelected} />;
}

function renderPicker(initial: number[] = []) {
  let categories = [
    { id: 1, name: 'Romance', slug: 'romance', icon: '❤️', color: '#e91e63' },
    { id: 2, name: 'Thriller', slug: 'thriller', icon: '', color: '#333333' },
  ];
  http = mockHttp((config) => {
    if (config.url === '/admin/categories/' && config.method === 'get') return { status: 200, data: categories };
    if (config.url === '/admin/categories/' && config.method === 'post') {
      const created = { id: 3, ...JSON.parse(String(config.data)), slug: 'time-travel', icon: '', color: '#666666' };
      categories = [...categories, created];
      return { status: 201, data: created };
    }
    if (config.url === '/admin/categories/2/' && config.method === 'patch') {
      categories = categories.map((c) => (c.id === 2 ? { ...c, ...JSON.parse(String(config.data)) } : c));
      return { status: 200, data: categories[1] };
    }
    return undefined;
  });
  renderAdmin(<Harness initial={initial} />, { path: '/admin/series/new' });
  return userEvent.setup();
}

describe('the category picker', () => {
  it('files the series under the ticked categories', async () => {
    const user = renderPicker([2]);
    expect(await screen.findByRole('checkbox', { name: 'Thriller' })).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: '❤️ Romance' }));
    await user.click(screen.getByRole('checkbox', { name: 'Thriller' }));
    expect(picked).toEqual([1]);
  });

  it('adds a new category and ticks it, and refuses an empty or existing name without sending', async () => {
    const user = renderPicker();
    await screen.findByRole('checkbox', { name: 'Thriller' });
    await user.click(screen.getByRole('button', { name: 'Add category' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a name for the new category');
    await user.type(screen.getByLabelText('New category'), 'thriller');
    await user.click(screen.getByRole('button', { name: 'Add category' }));
    expect(screen.getByRole('alert')).toHaveTextContent('“thriller” exists already: tick it above');
    expect(http.calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.clear(screen.getByLabelText('New category'));
    await user.type(screen.getByLabelText('New category'), 'Time travel');
    await user.click(screen.getByRole('button', { name: 'Add category' }));
    expect(await screen.findByRole('checkbox', { name: 'Time travel' })).toBeChecked();
    expect(picked).toEqual([3]);
    expect(screen.getByLabelText('New category')).toHaveValue('');
  });

  it('renames a category in place', async () => {
    const user = renderPicker();
    await user.click(await screen.findByRole('button', { name: 'Rename “Thriller”' }));
    const field = screen.getByLabelText('New name for “Thriller”');
    await user.clear(field);
    await user.type(field, 'Suspense');
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Suspense' })).toBeInTheDocument());
    expect(JSON.parse(String(http.calls.find((c) => c.method === 'PATCH')?.data))).toEqual({ name: 'Suspense' });
  });
});
