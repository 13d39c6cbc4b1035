import { shouldShowDesktopOverlay } from './shouldShowDesktopOverlay';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const IPAD = 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126 Mobile Safari/537.36';
const DESKTOP =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126 Safari/537.36';

describe('shouldShowDesktopOverlay', () => {
  it.each([
    [IPHONE, 390, true],
    [ANDROID, 800, true],
    [IPAD, 1023, true],
    [IPAD, 1024, false],
    [DESKTOP, 800, false],
    [DESKTOP, 1920, false],
  ])('%#: %s at %ipx → %p', (userAgent, width, expected) => {
    expect(shouldShowDesktopOverlay(userAgent, width)).toBe(expected);
  });
});
