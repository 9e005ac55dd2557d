/** A route option's hooks (none, one or several) as a list, so a plugin can put its own first or last. */
export const hookList = <T>(hooks: T | T[] | undefined): T[] =>
  hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];
