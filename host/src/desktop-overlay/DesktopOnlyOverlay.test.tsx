import { screen } from '@testing-library/react';
import { renderWithProviders } from '@auditdesk/shared/testing';
import { DesktopOnlyOverlay } from './DesktopOnlyOverlay';

function setDevice(userAgent: string, width: number) {
  jest.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(userAgent);
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
}

describe('DesktopOnlyOverlay', () => {
  afterEach(() => jest.restoreAllMocks());

  it('covers the app on a phone with the steps for each browser', () => {
    setDevice('Mozilla/5.0 (Linux; Android 14) Mobile Safari/537.36', 800);
    renderWithProviders(<DesktopOnlyOverlay />);
    expect(screen.getByRole('dialog', { name: 'Desktop Mode Required' })).toBeInTheDocument();
    for (const browser of ['Chrome', 'Safari', 'Firefox'])
      expect(screen.getByText(browser)).toBeInTheDocument();
  });

  it('stays away on a desktop browser', () => {
    setDevice('Mozilla/5.0 (X11; Linux x86_64) Chrome/126', 800);
    renderWithProviders(<DesktopOnlyOverlay />);
    expect(screen.queryByText('Desktop Mode Required')).not.toBeInTheDocument();
  });
});
