/**
 * The profile step (product.md#accounts): GET /users/profile/. The transport answers a 404 with empty data and the
 * 404 status; this step turns that into a "User not found" error the session understands, so the
 * session can drop the stored user and tokens.
 */
import type { AxiosInstance } from 'axios';
import type { User } from '../entities';

export const USER_NOT_FOUND_MESSAGE = 'User not found';
export const PROFILE_PATH = '/users/profile/';

export class UserNotFoundError extends Error {
  constructor() {
    super(USER_NOT_FOUND_MESSAGE);
    this.name = 'UserNotFoundError';
  }
}

export async function fetchProfile(client: AxiosInstance): Promise<User> {
  const response = await client.get<User | null>(PROFILE_PATH);
  if (response.status === 404 || !response.data) throw new UserNotFoundError();
  return response.data;
}
