/**
 * Paging, one way for every list: a page number and a size in; the page's rows and the total out.
 * Staff lists answer `{ results, count, page, limit }`; viewer lists answer `{ results, count, next,
 * previous }` with the addresses of the neighbouring pages (`pageLinks`).
 */

/** A page as the query asks for it; the schema's defaults may leave either out. */
export interface PageRequest {
  page?: number;
  limit?: number;
}

/** The rows of one page: `.limit(limit).offset(offset)`. */
export interface PageWindow {
  limit: number;
  offset: number;
}

export interface Page<Row> {
  rows: Row[];
  count: number;
  page: number;
  limit: number;
}

export function pageWindow(page: number, limit: number): PageWindow {
  return { limit, offset: (page - 1) * limit };
}

/**
 * Reads one page: `rows` reads the window, `count` the total (a `count(*) as count` row); both run
 * together. `defaultLimit` applies when the query names no size.
 */
export async function paginate<Row>(
  request: PageRequest,
  defaultLimit: number,
  read: {
    rows: (window: PageWindow) => Promise<Row[]>;
    count: () => Promise<{ count: number | string | bigint } | undefined>;
  },
): Promise<Page<Row>> {
  const page = request.page ?? 1;
  const limit = request.limit ?? defaultLimit;
  const [rows, total] = await Promise.all([read.rows(pageWindow(page, limit)), read.count()]);
  return { rows, count: Number(total?.count ?? 0), page, limit };
}

/** The addresses of the previous and next pages: the query as asked, with the page changed. */
export function pageLinks(path: string, query: object, page: number, limit: number, count: number) {
  const link = (target: number) => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined && value !== null && key !== 'page') params.set(key, String(value));
    }
    params.set('page', String(target));
    return `${path}?${params.toString()}`;
  };
  return {
    next: page * limit < count ? link(page + 1) : null,
    previous: page > 1 ? link(page - 1) : null,
  };
}
