import { navigationRequested } from '@cliffhanger/shared';
import type { UnknownAction } from '@reduxjs/toolkit';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type HttpMock, mockHttp } from '../../test/http-mock';
import { renderAdmin } from '../../test/render';
import { NewSeries } from './series-screens';

let http: HttpMock;
afterEach(() => http.restore());

const creations = () => http.calls.filter((call) => call.method === 'POST' && call.url === '/admin/series/');

function renderNewSeries(answer: { status: number; data: unknown }) {
  http = mockHttp((config) => (config.url === '/admin/series/' && config.method === 'post' ? answer : undefined));
  const record: UnknownAction[] = [];
  renderAdmin(<NewSeries />, { path: '/admin/series/new', record });
  return { user: userEvent.setup(), record };
}

describe('the new series form', () => {
  it('asks for a title, a well-formed address and a four-digit year beside each field before sending', async () => {
    const { user } = renderNewSeries({ status: 201, data: {} });
    const title = screen.getByLabelText('Title');
    await user.type(title, '   ');
    await user.type(screen.getByLabelText('Address (slug)'), 'Night Shift');
    await user.type(screen.getByLabelText('Year'), '24');
    await user.click(screen.getByRole('button', { name: 'Create series' }));
    expect(title).toHaveAccessibleDescription('Enter a title');
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Address (slug)')).toHaveAccessibleDescription(
      'Use lower-case letters, digits and single dashes',
    );
    expect(screen.getByLabelText('Year')).toHaveAccessibleDescription('Enter a four-digit year');
    expect(creations()).toHaveLength(0);
  });

  it('creates the series with a trimmed title and split tags, then opens its episodes', async () => {
    const { user, record } = renderNewSeries({ status: 201, data: { id: 31, title: 'Night Shift' } });
    await user.type(screen.getByLabelText('Title'), '  Night Shift ');
    await user.type(screen.getByLabelText('Tags'), 'thriller, , hospital ');
    await user.click(screen.getByRole('button', { name: 'Create series' }));
    await waitFor(() =>
      expect(record.filter((a) => navigationRequested.match(a)).map((a) => a.payload)).toContainEqual({
        to: '/admin/series/31/episodes',
      }),
    );
    expect(creations()).toHaveLength(1);
    const body = JSON.parse(String(creations()[0]?.data));
    expect(body).toMatchObject({ title: 'Night Shift', tags: ['thriller', 'hospital'], year: null, rating: null });
    expect(body).not.toHaveProperty('slug'); // left empty: the server makes it from the title
  });

  it('shows what the API refused beside the field it names', async () => {
    const long = 'N'.repeat(210);
    const { user } = renderNewSeries({
      status: 400,
      data: {
        message: 'The title can be at most 200 characters long.',
        errors: [{ field: 'title', message: 'can be at most 200 characters long' }],
      },
    });
    await user.click(screen.getByLabelText('Title'));
    await user.paste(long);
    await user.click(screen.getByRole('button', { name: 'Create series' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Title')).toHaveAccessibleDescription('can be at most 200 characters long'),
    );
    expect(screen.getByText('The title can be at most 200 characters long.')).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveValue(long);
  });
});
