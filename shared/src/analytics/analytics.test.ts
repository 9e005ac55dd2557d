import { ANALYTICS_EVENTS, analyticsGroupOf, isAnalyticsEvent, SHARE_CHANNELS, track } from './analytics-events';
import { analyticsUserId, analyticsUserProperties, revenuePayload } from './analytics-payloads';

const names = Object.values(ANALYTICS_EVENTS);

describe('the analytics event catalogue', () => {
  it('names every event with its number and an English name, each name once', () => {
    for (const name of names) expect(name).toMatch(/^\d+\.\d+ [A-Z][A-Za-z -]+$/);
    expect(new Set(names).size).toBe(names.length);
  });

  it('uses the numbered event groups of the product and no other', () => {
    expect(new Set(names.map(analyticsGroupOf))).toEqual(new Set([1, 2, 3, 6, 7, 8, 9, 11, 12]));
    expect(ANALYTICS_EVENTS.homeViewed).toBe('1.1 Home Viewed');
  });

  it('has one share event for each of the six channels', () => {
    expect(Object.keys(SHARE_CHANNELS)).toEqual(['whatsapp', 'telegram', 'email', 'sms', 'native', 'copyLink']);
    expect(new Set(Object.values(SHARE_CHANNELS).map(analyticsGroupOf))).toEqual(new Set([11]));
  });

  it('tags a failed guest registration in the auth group', () => {
    expect(analyticsGroupOf(ANALYTICS_EVENTS.guestRegistrationFailed)).toBe(7);
  });

  it('sends events through the analytics/track bus event', () => {
    expect(track(ANALYTICS_EVENTS.searchSubmitted, { q: 'love' })).toEqual({
      type: 'analytics/track',
      payload: { event: '6.2 Search Submitted', properties: { q: 'love' } },
    });
    expect(isAnalyticsEvent('6.2 Search Submitted')).toBe(true);
    expect(isAnalyticsEvent('Search')).toBe(false);
  });
});

describe('analytics payloads', () => {
  it('sends the user id, and EMPTY when there is none', () => {
    expect(analyticsUserId({ id: 12 })).toBe('12');
    expect(analyticsUserId(null)).toBe('EMPTY');
  });

  it('sends email, username, premium and staff as user properties, EMPTY for unknown text', () => {
    expect(
      analyticsUserProperties({ email: 'a@b.c', username: 'ann', is_gold_member: true, is_superuser: true }),
    ).toEqual({ email: 'a@b.c', username: 'ann', premium: true, staff: true });
    expect(analyticsUserProperties(null)).toEqual({ email: 'EMPTY', username: 'EMPTY', premium: false, staff: false });
  });

  it('sends revenue as price, quantity and product id', () => {
    expect(revenuePayload({ price: 4.99, quantity: 2, productId: 7 })).toEqual({
      price: 4.99,
      quantity: 2,
      productId: '7',
    });
    expect(revenuePayload({ price: 1, productId: 'gold' }).quantity).toBe(1);
  });
});
