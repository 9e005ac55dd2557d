/** The staff API's answers as the tests give them, whole, so each test names only what matters to it. */
import { testUser } from '../../../shared/testing/remote-store';
import type { AdminUser } from '../lib/api/admin.types';

/** A registered, active viewer as the staff API answers them: no coins, no Gold; `extra` says what differs. */
export const adminUser = (extra: Partial<AdminUser> = {}): AdminUser => ({
  ...testUser(),
  email_verified: true,
  paying: false,
  registered: true,
  verified: true,
  has_active_subs: false,
  has_password: true,
  role: extra.is_superuser ? 'superuser' : extra.is_staff ? 'staff' : extra.is_guest ? 'guest' : 'viewer',
  is_active: true,
  gold_until: null,
  last_login_at: null,
  ...extra,
});
