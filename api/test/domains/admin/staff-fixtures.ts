/** People for the staff API tests: a viewer, a staff member and a superuser, signed in. */

import { registerUser, type Session, signUpGuest } from '../../support/fixtures';
import type { TestApp } from '../../support/test-app';

export interface Cast {
  guest: Session;
  viewer: Session;
  staff: Session;
  superuser: Session;
}

export async function signUpCast(t: TestApp): Promise<Cast> {
  const [guest, viewer, staff, superuser] = await Promise.all([
    signUpGuest(t.app),
    registerUser(t.app, `viewer-${Math.random().toString(36).slice(2, 8)}@example.com`),
    registerUser(t.app, `staff-${Math.random().toString(36).slice(2, 8)}@example.com`),
    registerUser(t.app, `super-${Math.random().toString(36).slice(2, 8)}@example.com`),
  ]);
  await t.ctx.db.updateTable('users').set({ is_staff: true }).where('id', '=', staff.user.id).execute();
  await t.ctx.db.updateTable('users').set({ is_superuser: true }).where('id', '=', superuser.user.id).execute();
  return { guest, viewer, staff, superuser };
}
