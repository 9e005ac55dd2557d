/**
 * A translated sentence with a bold part: the catalogue marks it `<strong>…</strong>` so each language
 * puts it where its word order wants. Only that mark is read; the rest stays plain text (never HTML).
 */
import { Fragment, type ReactNode } from 'react';

const STRONG = /<strong>(.*?)<\/strong>/g;

export function withStrong(text: string): ReactNode {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(STRONG)) {
    const at = match.index ?? 0;
    if (at > last) parts.push(<Fragment key={`t${at}`}>{text.slice(last, at)}</Fragment>);
    parts.push(<strong key={`s${at}`}>{match[1]}</strong>);
    last = at + match[0].length;
  }
  if (last < text.length) parts.push(<Fragment key={`t${last}`}>{text.slice(last)}</Fragment>);
  return <>{parts}</>;
}
