import fs from 'node:fs';
import type { LaunchOptions } from '@playwright/test';

/** The system Chromium, with the flags this sandboxed, offline machine needs. */
export function chromiumLaunchOptions(): LaunchOptions {
  const executablePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  if (!fs.existsSync(executablePath)) {
    throw new Error(`No Chromium at ${executablePath}: install Debian's chromium or set CHROME_PATH.`);
  }
  return {
    executablePath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      '--no-first-run',
    ],
  };
}
