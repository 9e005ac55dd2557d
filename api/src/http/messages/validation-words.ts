/**
 * The schema checker's English ("must NOT have more than 200 characters") in words a person writes
 * ("can be at most 200 characters long"). Russian keeps its own sentences in ru.ts, keyed by the
 * checker's English.
 */
const REWORDINGS: Array<[RegExp, (...groups: string[]) => string]> = [
  [/^must NOT have more than (\d+) characters$/, (n) => `can be at most ${n} characters long`],
  [
    /^must NOT have fewer than (\d+) characters$/,
    (n) => `needs at least ${n} ${n === '1' ? 'character' : 'characters'}`,
  ],
  [/^must NOT have more than (\d+) items$/, (n) => `can hold at most ${n} items`],
  [/^must NOT have fewer than (\d+) items$/, (n) => `needs at least ${n} ${n === '1' ? 'item' : 'items'}`],
  [/^must be >= (-?[\d.]+)$/, (n) => `must be ${n} or more`],
  [/^must be <= (-?[\d.]+)$/, (n) => `must be ${n} or less`],
  [/^must be > (-?[\d.]+)$/, (n) => `must be more than ${n}`],
  [/^must be < (-?[\d.]+)$/, (n) => `must be less than ${n}`],
  [/^must be integer$/, () => 'must be a whole number'],
  [/^must be number$/, () => 'must be a number'],
  [/^must be string$/, () => 'must be text'],
  [/^must be boolean$/, () => 'must be true or false'],
  [/^must be array$/, () => 'must be a list'],
  [/^must be object$/, () => 'must be an object'],
  [/^must match format "([\w-]+)"$/, (format) => `must be a valid ${format.replace(/-/g, ' ')}`],
  [/^must match pattern ".*"$/, () => 'is not in the expected form'],
  [/^must be equal to one of the allowed values$/, () => 'must be one of the allowed values'],
];

export function humanValidationText(text: string): string {
  for (const [pattern, reword] of REWORDINGS) {
    const match = pattern.exec(text);
    if (match) return reword(...match.slice(1));
  }
  return text;
}

/** The sentence naming the field: `The title can be at most 200 characters long.` */
export function fieldSentence(field: string, text: string): string {
  const name = field.replace(/\./g, ' › ').replace(/_/g, ' ');
  return `The ${name} ${text}.`;
}
