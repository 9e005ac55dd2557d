/**
 * What a staff list shows — its search, filters, order, page and the row opened under it — kept in the
 * page's address, so a reload, Back and Forward, and a link sent to a colleague all show the same list.
 *
 * - The search settles after the typing stops and then replaces the current history entry, so typing a
 *   word does not leave one Back step per letter; a filter, an order or a page is a step of its own.
 * - A new search, filter or order starts again at the first page.
 * - Whatever the address holds that the list cannot use (page=-3, an order or a filter it does not offer,
 *   a search longer than a request accepts) counts as the default, and is taken out of the address.
 * - Defaults are left out of the address, so the plain screen keeps its plain address.
 */
import { LIST_PAGE_MAX, LIST_SEARCH_MAX_LENGTH, SEARCH_DEBOUNCE_MS } from '@cliffhanger/shared';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

/** The values one setting of a list may take, and the one it has when the address says nothing. */
export interface Choice<Value extends string = string> {
  default: Value;
  values: readonly Value[];
}

export interface ListQueryOptions<Name extends string, Sort extends string> {
  /** The list's filters by name, as the request names them. */
  filters?: Record<Name, Choice>;
  /** The orders the list offers. */
  sort?: Choice<Sort>;
  /** Puts the list's settings under their own names (`ledger_page`) when a screen shows more than one list. */
  prefix?: string;
  /** The address's name for the row opened under the list (`user`). */
  detail?: string;
}

const pageOf = (raw: string | null) =>
  raw !== null && /^[1-9]\d{0,8}$/.test(raw) && Number(raw) <= LIST_PAGE_MAX ? Number(raw) : 1;
const searchOf = (raw: string | null) => (raw !== null && raw.length <= LIST_SEARCH_MAX_LENGTH ? raw : '');
const choiceOf = <Value extends string>(choice: Choice<Value>, raw: string | null): Value =>
  raw !== null && (choice.values as readonly string[]).includes(raw) ? (raw as Value) : choice.default;
const detailOf = (raw: string | null) => (raw !== null && /^[1-9]\d{0,15}$/.test(raw) ? raw : null);

const NO_FILTERS = {};

/** Puts each setting into the address, or takes it out where it is null (a default). */
function withSettings(params: URLSearchParams, settings: ReadonlyArray<readonly [string, string | null]>) {
  for (const [name, value] of settings) {
    if (value === null) params.delete(name);
    else params.set(name, value);
  }
  return params;
}

export function useListQuery<Name extends string = never, Sort extends string = never>(
  options: ListQueryOptions<Name, Sort> = {},
) {
  const { filters: filterChoices = NO_FILTERS as Record<Name, Choice>, sort: sortChoice, prefix, detail } = options;
  const [params, setAddress] = useSearchParams();
  const written = useRef<string | null>(null);
  /** Writes the address, noting it as this list's own writing. */
  const setParams = useCallback(
    (change: (current: URLSearchParams) => URLSearchParams, navigateOptions?: { replace?: boolean }) =>
      setAddress((current) => {
        const next = change(current);
        written.current = next.toString();
        return next;
      }, navigateOptions),
    [setAddress],
  );
  const key = useCallback((name: string) => (prefix ? `${prefix}_${name}` : name), [prefix]);
  const names = Object.keys(filterChoices) as Name[];

  // What the address says, each value checked.
  const page = pageOf(params.get(key('page')));
  const search = searchOf(params.get(key('q')));
  const sort = sortChoice ? choiceOf(sortChoice, params.get(key('sort'))) : undefined;
  const chosen = JSON.stringify(names.map((name) => [name, choiceOf(filterChoices[name], params.get(key(name)))]));
  const filters = useMemo(() => Object.fromEntries(JSON.parse(chosen)) as Record<Name, string>, [chosen]);
  const opened = detail ? detailOf(params.get(detail)) : null;

  /** The list's own settings in the address: its search, filters, order and page (defaults left out). */
  const settings = useCallback(
    (values: { q: string; page: number; sort?: string; filters: Record<string, string> }) => {
      const own: Array<[string, string | null]> = [
        [key('q'), values.q === '' ? null : values.q],
        [key('page'), values.page === 1 ? null : String(values.page)],
      ];
      if (sortChoice) own.push([key('sort'), values.sort === sortChoice.default ? null : (values.sort ?? null)]);
      for (const name of Object.keys(filterChoices) as Name[]) {
        const value = values.filters[name] ?? filterChoices[name].default;
        own.push([key(name), value === filterChoices[name].default ? null : value]);
      }
      return own;
    },
    [key, sortChoice, filterChoices],
  );

  // The search field shows what is typed at once; the address follows once the typing stops.
  const [typed, setTyped] = useState(search);
  const address = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the address changes, and only then
  useEffect(() => {
    // The address changed: by this list's own writing (keep what is typed since), or by Back, Forward
    // or a link (show what the address says, and forget a search that had not settled).
    if (written.current !== address) setTyped(search);
    written.current = null;
  }, [address]);

  const write = useCallback(
    (
      changes: { q?: string; page?: number; sort?: string; filters?: Partial<Record<Name, string>> },
      replace = false,
    ) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          const q = changes.q ?? typed;
          const own = settings({
            q,
            page: changes.page ?? 1,
            sort: changes.sort ?? sort,
            filters: { ...filters, ...changes.filters },
          });
          return withSettings(next, own);
        },
        { replace },
      );
    },
    [setParams, typed, settings, sort, filters],
  );

  const latestWrite = useRef(write);
  latestWrite.current = write;
  useEffect(() => {
    if (typed === search) return;
    const timer = setTimeout(() => latestWrite.current({ q: typed }, true), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed, search]);

  // Values the list cannot use leave the address (without a history step), so it reads as the list looks.
  useEffect(() => {
    const wrong = [
      ['page', String(page)],
      ['q', search],
      ...(sortChoice ? [['sort', sort as string]] : []),
      ...names.map((name) => [name, filters[name]]),
    ].some(([name, value]) => {
      const raw = params.get(key(name as string));
      return raw !== null && raw !== value;
    });
    const wrongDetail = detail !== undefined && params.get(detail) !== null && opened === null;
    if (!wrong && !wrongDetail) return;
    setParams(
      (current) => {
        const next = withSettings(new URLSearchParams(current), settings({ q: search, page, sort, filters }));
        if (wrongDetail && detail) next.delete(detail);
        return next;
      },
      { replace: true },
    );
  });

  const setSearch = useCallback((value: string) => setTyped(value.slice(0, LIST_SEARCH_MAX_LENGTH)), []);
  const setPage = useCallback((next: number, replace = false) => write({ page: next }, replace), [write]);
  const setFilter = useCallback(
    (name: Name, value: string) => write({ filters: { [name]: value } as Partial<Record<Name, string>> }),
    [write],
  );
  const setSort = useCallback((value: Sort) => write({ sort: value }), [write]);
  /** Opens a row under the list (or closes it with null); what the last row showed starts afresh. */
  const open = useCallback(
    (id: number | string | null) => {
      if (!detail) return;
      setParams((current) => {
        const next = new URLSearchParams();
        for (const [name] of settings({ q: '', page: 1, sort, filters })) {
          const value = current.get(name);
          if (value !== null) next.set(name, value);
        }
        if (id !== null) next.set(detail, String(id));
        return next;
      });
    },
    [detail, setParams, settings, sort, filters],
  );

  const args = useMemo(
    () => ({ ...filters, search, page, ...(sort === undefined ? {} : { sort }) }),
    [filters, search, page, sort],
  );
  return { page, setPage, search: typed, setSearch, filters, setFilter, sort, setSort, opened, open, args };
}

export type ListQueryState<Name extends string, Sort extends string = never> = ReturnType<
  typeof useListQuery<Name, Sort>
>;
