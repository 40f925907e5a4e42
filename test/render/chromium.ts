import { existsSync } from 'node:fs';
import type { Browser } from 'playwright-core';

/** Debian's chromium package; .ci/run installs it when missing (and the browser tests skip when it could not). */
const chromiumPath = '/usr/bin/chromium';

export const chromiumSkip: string | false = existsSync(chromiumPath)
  ? false
  : `headless Chromium not found at ${chromiumPath} (install Debian's chromium package; .ci/run does)`;

/** One headless Chromium (each browser test file launches one and shares it). */
export async function chromiumLaunch(): Promise<Browser> {
  const { chromium } = await import('playwright-core');
  return chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
    ],
  });
}
