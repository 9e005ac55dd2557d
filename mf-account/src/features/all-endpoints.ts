/** Every endpoint the account remote injects into the page's one API (names prefixed `account…`). */
import type { BaseApi } from '@cliffhanger/shared';
import { authApi } from './auth/auth.api';
import { historyApi } from './history/history.api';
import { notificationsApi } from './notifications/notifications.api';
import { profileApi } from './profile/profile.api';

export const registerAccountEndpoints = (_api: BaseApi) => [authApi, profileApi, historyApi, notificationsApi];
