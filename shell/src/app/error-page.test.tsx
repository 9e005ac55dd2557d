import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { isLoadFailure } from '../federation/remote-screen';
import { AppErrorBoundary, ErrorPage } from './error-page';

function Broken(): never {
  throw new Error('render failed');
}

describe('the error page', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('shows "Oops! Something went wrong" with Go to Home and Reload Page for an uncaught screen error', async () => {
    render(
      <AppErrorBoundary>
        <Broken />
      </AppErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Oops! Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go to Home' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload Page' })).toBeInTheDocument();
  });

  it('goes home or reloads from its two buttons', async () => {
    const onHome = jest.fn();
    const onReload = jest.fn();
    render(<ErrorPage onHome={onHome} onReload={onReload} />);
    await userEvent.click(screen.getByRole('button', { name: 'Go to Home' }));
    await userEvent.click(screen.getByRole('button', { name: 'Reload Page' }));
    expect(onHome).toHaveBeenCalledTimes(1);
    expect(onReload).toHaveBeenCalledTimes(1);
  });

  it('tells a remote that failed to load (retry helps) from a screen that failed to render (error page)', () => {
    expect(isLoadFailure(Object.assign(new Error('Loading chunk 12 failed.'), { name: 'ChunkLoadError' }))).toBe(true);
    expect(isLoadFailure(new TypeError('Failed to fetch dynamically imported module: /x.js'))).toBe(true);
    expect(isLoadFailure(new TypeError("Cannot read properties of undefined (reading 'map')"))).toBe(false);
  });
});
