import { pageLinks, pageWindow, paginate } from '../../src/kernel/paging';

describe('paging', () => {
  it('a page skips the rows of the pages before it', () => {
    expect(pageWindow(1, 20)).toEqual({ limit: 20, offset: 0 });
    expect(pageWindow(3, 25)).toEqual({ limit: 25, offset: 50 });
  });

  it('a page the query leaves out is the first, at the list’s own size', async () => {
    const seen: Array<{ limit: number; offset: number }> = [];
    const page = await paginate({}, 50, {
      rows: async (window) => {
        seen.push(window);
        return ['a', 'b'];
      },
      count: async () => ({ count: '2' }),
    });
    expect(seen).toEqual([{ limit: 50, offset: 0 }]);
    expect(page).toEqual({ rows: ['a', 'b'], count: 2, page: 1, limit: 50 });
  });

  it('an empty table counts zero', async () => {
    const page = await paginate({ page: 2, limit: 10 }, 20, { rows: async () => [], count: async () => undefined });
    expect(page).toEqual({ rows: [], count: 0, page: 2, limit: 10 });
  });

  it('next and previous keep the query and change only the page', () => {
    expect(pageLinks('/api/series/', { search: 'love', page: 2, limit: 10, tag: undefined }, 2, 10, 35)).toEqual({
      next: '/api/series/?search=love&limit=10&page=3',
      previous: '/api/series/?search=love&limit=10&page=1',
    });
    expect(pageLinks('/api/t/', { limit: 10 }, 1, 10, 10)).toEqual({ next: null, previous: null });
  });
});
