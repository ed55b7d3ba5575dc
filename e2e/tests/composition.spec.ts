import { expect, test } from '@playwright/test';
import { t } from '../support/locales.js';
import { PORTS, site } from '../support/ports.js';

test.describe('runtime composition (DESIGN §3)', () => {
  test('a remote that is down shows a translated notice in its region; the frame and other remotes work', async ({ page }) => {
    const broken = site('nova.localhost', PORTS.shellWithSupportDown);
    await page.goto(`${broken}/SupportCenter/game`);
    const notice = page.getByTestId('remote-notice');
    await expect(notice).toHaveAttribute('data-remote', 'support');
    await expect(notice).toContainText(t('common', 'ko', 'remote.unavailable'));
    await expect(notice.getByRole('button', { name: t('common', 'ko', 'remote.retry') })).toBeEnabled();
    await expect(page.getByTestId('footer')).toBeVisible();

    await page.getByTestId('menu-button').click();
    await page.getByTestId('menu-home').click();
    await expect(page.getByTestId('banner-carousel')).toBeVisible();
    await expect(page.getByTestId('remote-notice')).toHaveCount(0);
    await page.getByTestId('menu-button').click();
    await page.getByTestId('menu-login').click();
    await expect(page.getByTestId('account-page-login')).toBeVisible();
  });

  test('React, the router and the contracts are loaded once across the shell and the three remotes', async ({ page }) => {
    await page.goto(`${site()}/`);
    await expect(page.getByTestId('banner-carousel')).toBeVisible();
    for (const entry of ['menu-support-center', 'menu-login']) {
      await page.getByTestId('menu-button').click();
      await page.getByTestId(entry).click();
    }
    await expect(page.getByTestId('account-page-login')).toBeVisible();
    const shared = await page.evaluate(() => {
      type Shared = { loaded?: boolean; useIn?: string[]; from?: string };
      const scopes = (window as unknown as { __FEDERATION__: { __SHARE__: Record<string, Record<string, Record<string, Record<string, Shared>>>> } })
        .__FEDERATION__.__SHARE__;
      const summary: Record<string, { loaded: number; users: string[] }> = {};
      for (const scope of Object.values(scopes)) {
        for (const [name, versions] of Object.entries(scope.default ?? {})) {
          const entry = (summary[name] ??= { loaded: 0, users: [] });
          for (const info of Object.values(versions)) {
            if (info.loaded) entry.loaded += 1;
            entry.users.push(...(info.useIn ?? []));
          }
        }
      }
      return summary;
    });
    for (const library of ['react', 'react-dom', 'react-router', 'jotai', 'i18next', 'react-i18next', 'shared-contracts']) {
      expect(shared[library]?.loaded, `${library} loaded copies`).toBe(1);
    }
  });
});

test.describe('standalone mode (DESIGN §3)', () => {
  test('the catalogue runs alone, deep links included', async ({ page }) => {
    await page.goto(`${site('nova.localhost', PORTS.catalog)}/`);
    await expect(page.getByTestId('standalone-harness')).toBeVisible();
    await expect(page.getByTestId('banner-carousel')).toBeVisible();
    await page.goto(`${site('nova.localhost', PORTS.catalog)}/GamesDetails/2#features`);
    await expect(page.getByRole('heading', { level: 2 })).toBeVisible();
  });

  test('the support centre runs alone and opens at its first step', async ({ page }) => {
    await page.goto(`${site('nova.localhost', PORTS.support)}/`);
    await expect(page).toHaveURL(/\/SupportCenter\/game$/);
    await expect(page.getByTestId('support-step-game')).toBeVisible();
  });

  test('the account remote runs alone', async ({ page }) => {
    await page.goto(`${site('hikari.localhost', PORTS.account)}/login`);
    await expect(page.getByTestId('standalone-harness')).toBeVisible();
    await expect(page.getByTestId('account-page-login')).toContainText(t('account', 'ja', 'pages.login'));
  });
});
