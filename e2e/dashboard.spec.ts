import { expect, test, type Page } from '@playwright/test';
import { sumCosts } from '../lib/upstream/cost';
import { signUpNewTeam } from './support/accounts';
import { CompareBoardPage } from './support/compare-board';

// The cost dashboard and budgets of a brand-new team, whose only spend is what this test makes.

const amountOf = (page: Page, testId: string) => page.getByTestId(testId).getAttribute('data-amount');

test('the dashboard shows the costs of the boards just made, summing to the ledger', async ({ browser }) => {
  const page = await signUpNewTeam(browser, 'Dana Dashboard', 'dashboard@e2e.test');
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'No spending in this period' })).toBeVisible();
  // The icon browsers ask every page for is served (it was a 404 on each one).
  const icon = await page.request.get('/favicon.ico');
  expect(icon.status()).toBe(200);
  expect(icon.headers()['content-type']).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);

  const board = new CompareBoardPage(page);
  await board.open();
  await board.fill({ prompt: 'two lanterns on a quay', models: ['atelier-vista', 'atelier-mosaic'], n: 1 });
  await board.run();
  const first = await page.getByTestId('board-total').getAttribute('data-amount');
  await board.open();
  await board.fill({ prompt: 'a paper boat', models: ['atelier-pixel'], n: 2 });
  await board.run();
  const second = await page.getByTestId('board-total').getAttribute('data-amount');
  const total = sumCosts([first!, second!]);
  expect(total).toBe('0.21'); // list prices: 0.08 + 0.05, then 2 × 0.04

  await page.goto('/dashboard');
  expect(await amountOf(page, 'stat-range')).toBe(total);
  expect(await amountOf(page, 'stat-this-month')).toBe(total);
  const byModel = page.getByRole('heading', { name: 'By model' }).locator('xpath=ancestor::section[1]').locator('li');
  expect(await byModel.evaluateAll((rows) => rows.map((r) => [r.getAttribute('data-key'), r.getAttribute('data-amount')]))).toEqual([
    ['atelier-pixel', '0.08'],
    ['atelier-vista', '0.08'],
    ['atelier-mosaic', '0.05'],
  ]);
  const byKind = page.locator('li[data-key="comparison"]');
  await expect(byKind).toHaveAttribute('data-amount', total);
  const top = page.getByRole('table').locator('tbody tr');
  await expect(top).toHaveCount(2);
  expect(sumCosts(await top.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-amount')!)))).toBe(total);
  await expect(top.first().getByRole('link')).toHaveAttribute('href', /^\/compare\/[0-9a-f-]{36}$/);

  // The CSV of the same period holds the same lines.
  const href = (await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href'))!;
  const csv = await page.request.get(href);
  expect(csv.headers()['content-type']).toContain('text/csv');
  const lines = (await csv.text()).trim().split('\r\n').slice(1);
  expect(lines).toHaveLength(3);
  expect(sumCosts(lines.map((l) => l.split(',').at(-2)!).map((a) => a.replace(/0+$/, '').replace(/\.$/, '')))).toBe(total);
  await page.context().close();
});

test('a hard team budget warns at 80 % and refuses a board that would go over it', async ({ browser }) => {
  const page = await signUpNewTeam(browser, 'Dana Dashboard', 'budget@e2e.test');
  const board = new CompareBoardPage(page);
  await board.open();
  await board.fill({ prompt: 'a kite over dunes', models: ['atelier-vista', 'atelier-mosaic', 'atelier-pixel'], n: 1 });
  await board.run(); // 0.17

  await page.goto('/dashboard/budgets');
  await page.getByLabel('Monthly budget (¥)').first().fill('0.20');
  await page.getByRole('button', { name: 'Save budgets' }).click();
  await expect(page.getByText('Budgets saved')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'The team has used 85% of its monthly budget' })).toBeVisible();

  await board.open();
  await board.fill({ prompt: 'a kite over dunes', models: ['atelier-vista'], n: 1 });
  await page.getByRole('button', { name: 'Run board' }).click();
  // Amounts as everywhere else (formatCny): CN¥ in English, not a bare ¥.
  await expect(page.getByText("This request (about CN¥0.08) would exceed the team's monthly budget of CN¥0.20: CN¥0.03 left this month.")).toBeVisible();
  await expect(page).toHaveURL(/\/compare$/);

  // A soft budget only warns: the same board now runs.
  await page.goto('/dashboard/budgets');
  await page.getByLabel('Hard budgets').uncheck();
  await page.getByRole('button', { name: 'Save budgets' }).click();
  await expect(page.getByText('Budgets saved')).toBeVisible();
  await board.open();
  await board.fill({ prompt: 'a kite over dunes', models: ['atelier-vista'], n: 1 });
  await board.run();
  await page.goto('/dashboard');
  expect(await amountOf(page, 'stat-this-month')).toBe('0.25');
  await page.context().close();
});
