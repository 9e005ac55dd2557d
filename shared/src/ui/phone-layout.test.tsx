import { act, renderHook } from '@testing-library/react';
import {
  DESKTOP,
  emulateScreen,
  PHONE_LANDSCAPE,
  PHONE_PORTRAIT,
  type ScreenDevice,
} from '../../testing/screen-device';
import { usePhoneLayout } from './phone-layout';

let screen: ReturnType<typeof emulateScreen> | null = null;
afterEach(() => screen?.restore());

const phoneLayoutOn = (device: ScreenDevice) => {
  screen = emulateScreen(device);
  return renderHook(() => usePhoneLayout()).result.current;
};

describe('the phone layout is chosen by pointer and size, not by width alone', () => {
  it('applies to a phone held upright (390 × 844, touch)', () => {
    expect(phoneLayoutOn(PHONE_PORTRAIT)).toBe(true);
  });

  it('applies to a phone held sideways (844 × 390, touch) although it is wider than the breakpoint', () => {
    expect(phoneLayoutOn(PHONE_LANDSCAPE)).toBe(true);
  });

  it('applies to a narrow desktop window (700 px, mouse)', () => {
    expect(phoneLayoutOn({ width: 700, height: 800, pointer: 'fine' })).toBe(true);
  });

  it('does not apply to a desktop (1440 × 900) nor to a short desktop window as wide as a sideways phone', () => {
    expect(phoneLayoutOn(DESKTOP)).toBe(false);
    screen?.restore();
    expect(phoneLayoutOn({ width: 844, height: 390, pointer: 'fine' })).toBe(false);
  });

  it('does not apply to a tablet held sideways (1180 × 820, touch)', () => {
    expect(phoneLayoutOn({ width: 1180, height: 820, pointer: 'coarse' })).toBe(false);
  });

  it('follows the phone as it turns', () => {
    screen = emulateScreen(PHONE_PORTRAIT);
    const { result } = renderHook(() => usePhoneLayout());
    act(() => screen?.rotate(PHONE_LANDSCAPE));
    expect(result.current).toBe(true);
    act(() => screen?.rotate(DESKTOP));
    expect(result.current).toBe(false);
  });
});
