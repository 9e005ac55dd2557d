/**
 * A remote's chunk loading global, one per build. Two versions of a remote share a container name; with
 * one global, the newer runtime would take the older version's chunks (same chunk ids) as its own and
 * run the old code. Named by the version when there is one, else by a fingerprint of the sources.
 */
export function chunkLoadingGlobalOf(container: string, build: string): string {
  return `webpackChunk_${container}_${build.replace(/[^A-Za-z0-9]/g, '_')}`;
}

/** Finds the chunk loading global a built remote entry uses. */
export const CHUNK_LOADING_GLOBAL = /webpackChunk_[A-Za-z0-9_]+/;
