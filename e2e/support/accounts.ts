/** Accounts for browser journeys, made through the real API. */
import { baseUrl } from './browser';

export interface SignedInAccount {
  access: string;
  refresh: string;
  user: { id: number; username: string; email: string; is_gold_member: boolean; coin_balance: number };
}

export async function registerAccount(username: string): Promise<SignedInAccount> {
  const unique = `${username}${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`.slice(0, 30);
  const response = await fetch(`${baseUrl()}/api/auth/register/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: `${unique}@example.com`, username: unique, password: 'a-Long-passw0rd!' }),
  });
  if (!response.ok) throw new Error(`register answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as SignedInAccount;
}

/** A browser-context init script that stores the account's session before the page starts. */
export function sessionInitScript(account: SignedInAccount): string {
  return `(() => {
    for (const key of ['access_token', 'auth_token', 'token']) localStorage.setItem(key, ${JSON.stringify(account.access)});
    localStorage.setItem('refresh_token', ${JSON.stringify(account.refresh)});
    localStorage.setItem('user', ${JSON.stringify(JSON.stringify(account.user))});
  })()`;
}
