/** Saving a CSV text in the browser (the admin's downloads; the text comes from ./csv.ts or the API). */

/** Saves CSV `text` in the browser as a file named `name`, through a temporary link. */
export function saveCsvFile(text: string, name: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
