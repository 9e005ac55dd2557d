/** Building blocks of the wire shapes. */
import { type Static, type TSchema, Type } from '@sinclair/typebox';

/** A value or null (an absent picture, a year nobody entered). */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** One page of a staff list (`?page=&limit=`): its rows, how many there are in all, and the page asked. */
export const Paged = <T extends TSchema>(item: T) =>
  Type.Object({ results: Type.Array(item), count: Type.Integer(), page: Type.Integer(), limit: Type.Integer() });

/** A page of `Paged(…)` rows of type T. */
export type PageOf<T> = Omit<Static<ReturnType<typeof Paged>>, 'results'> & { results: T[] };

/**
 * One page of a viewer list (`?page=&limit=`): its rows, how many there are in all, and the addresses
 * of the pages beside it (null at either end).
 */
export const LinkedPage = <T extends TSchema>(item: T) =>
  Type.Object({
    results: Type.Array(item),
    count: Type.Integer(),
    next: Nullable(Type.String()),
    previous: Nullable(Type.String()),
  });

/** A page of `LinkedPage(…)` rows of type T. */
export type LinkedPageOf<T> = Omit<Static<ReturnType<typeof LinkedPage>>, 'results'> & { results: T[] };
