import { test as setup } from '@playwright/test';
import { baseURL, ownerState } from '../playwright.config';
import { expectInStudio, OWNER, signUp } from './support/accounts';

// Signs the owner up once; the other tests start signed in from the saved state.
setup('sign up the owner', async ({ page }) => {
  await page.context().addCookies([{ name: 'atelier-locale', value: 'en', url: baseURL }]);
  await signUp(page, OWNER);
  await expectInStudio(page);
  await page.context().storageState({ path: ownerState });
});
