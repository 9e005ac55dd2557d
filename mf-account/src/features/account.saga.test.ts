import { initialSessionState, type User } from '@cliffhanger/shared';
import { runSaga } from 'redux-saga';
import { followProfile } from './account.saga';

type Action = { type: string; payload?: unknown };

async function follow(changes: Record<string, unknown>) {
  const dispatched: Action[] = [];
  await runSaga(
    { dispatch: (action: Action) => dispatched.push(action), getState: () => ({ session: initialSessionState }) },
    followProfile,
    { payload: { id: 1, username: 'ann', ...changes } as unknown as User, meta: { arg: { originalArgs: changes } } },
  ).toPromise();
  return dispatched.map((action) => action.type);
}

describe('after the profile is saved', () => {
  it('confirms an edit of the details with a toast', async () => {
    const types = await follow({ username: 'ann' });
    expect(types).toContain('session/userUpdated');
    expect(types.some((type) => type.includes('toast'))).toBe(true);
  });

  it('updates the session but shows no toast for a language choice, which shows itself', async () => {
    const types = await follow({ language: 'ru' });
    expect(types).toContain('session/userUpdated');
    expect(types.some((type) => type.includes('toast'))).toBe(false);
  });
});
