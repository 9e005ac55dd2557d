/**
 * What the session keeps in browser storage (product.md#browser-storage): the user as JSON under `user`, the admin flag
 * (`is_admin` true for staff or superusers, removed otherwise) and the tokens. Signing out, a failed
 * refresh or a profile that answers 404 forget all of it.
 */
import type { User } from '../entities';
import { readStored, removeStored, writeStored } from '../storage/local-storage';
import { clearTokens } from '../storage/tokens';

export function isStaffUser(user: Pick<User, 'is_staff' | 'is_superuser'> | null | undefined): boolean {
  return !!user && (!!user.is_staff || !!user.is_superuser);
}

export function rememberUser(user: User): void {
  writeStored('user', user);
  if (isStaffUser(user)) writeStored('is_admin', true);
  else removeStored('is_admin');
}

/** The stored user; a value that fails to parse is removed and answers null (product.md#browser-storage). */
export function readStoredUser(): User | null {
  return readStored('user');
}

export function forgetSession(): void {
  clearTokens();
  removeStored('user', 'is_admin');
}
