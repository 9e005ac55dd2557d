/**
 * A stand-in for `@module-federation/enhanced/runtime` in jsdom, which cannot fetch remotes. Tests
 * decide what each `loadRemote` call answers with `federationMock.answer(...)`.
 */
type Answer = () => Promise<unknown>;

const answers = new Map<string, Answer>();
export const registered: Array<{ remotes: Array<{ name: string; entry: string }>; options?: { force?: boolean } }> = [];

export const federationMock = {
  answer(id: string, answer: Answer) {
    answers.set(id, answer);
  },
  reset() {
    answers.clear();
    registered.length = 0;
  },
  registered,
};

export function registerRemotes(remotes: Array<{ name: string; entry: string }>, options?: { force?: boolean }) {
  registered.push({ remotes, options });
}

export function loadRemote<T>(id: string): Promise<T | null> {
  const answer = answers.get(id);
  if (!answer) return Promise.reject(new Error(`no remote answers ${id}`));
  return answer() as Promise<T>;
}

export function preloadRemote() {
  return Promise.resolve();
}
