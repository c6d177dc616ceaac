import { createHash } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { visit } from './accounts';

/** The compare page as a user drives it. */
export class CompareBoardPage {
  constructor(readonly page: Page) {}

  /** Opens the board and waits until it is live (a click before it hydrates does nothing). */
  async open() {
    await visit(this.page, '/compare');
  }

  async pickModels(models: string[]) {
    const boxes = this.page.getByRole('checkbox');
    // Uncheck everything first, so that the limit of four never blocks a box we want.
    for (const box of await boxes.all()) if (await box.isChecked()) await box.uncheck();
    for (const model of models) await this.page.getByRole('checkbox', { name: new RegExp(`^${model}\\b`) }).check();
  }

  async fill({ prompt, models, n, seed, size }: { prompt: string; models: string[]; n?: number; seed?: number; size?: '1024' | '2048' | '4096' }) {
    // Under a finished board the settings are folded into one line: open them first.
    const folded = this.page.getByRole('button', { name: 'Edit settings' });
    if (await folded.isVisible()) await folded.click();
    await this.page.getByLabel('Prompt').fill(prompt);
    await this.pickModels(models);
    if (n) await this.page.getByRole('group', { name: 'Images per model' }).getByText(String(n), { exact: true }).click();
    if (size) await this.page.getByRole('group', { name: 'Size' }).getByText(size, { exact: true }).click();
    if (seed !== undefined) {
      await this.page.getByRole('group', { name: 'Seed' }).getByText('Locked', { exact: true }).click();
      await this.page.getByRole('textbox', { name: 'Seed' }).fill(String(seed));
    }
  }

  /** Runs the board and waits for its page. */
  async run(): Promise<string> {
    const before = this.page.url();
    await this.page.getByRole('button', { name: 'Run board' }).click();
    await expect(this.page).not.toHaveURL(before, { timeout: 70_000 });
    await expect(this.page).toHaveURL(/\/compare\/[0-9a-f-]{36}$/, { timeout: 70_000 });
    return this.page.url().split('/').at(-1)!;
  }

  columns() {
    return this.page.getByTestId('board-column');
  }

  column(model: string) {
    return this.page.locator(`[data-testid="board-column"][data-model="${model}"]`);
  }

  images(state?: 'archiving' | 'archived' | 'unsaved') {
    return this.page.locator(state ? `[data-testid="board-image"][data-state="${state}"]` : '[data-testid="board-image"]');
  }

  /**
   * Waits until every image of the board on the page is archived into Atelier's storage: the board
   * answers with the service's URLs and a background job copies them (about one image per 2 s).
   */
  async archived() {
    await expect(this.columns().first()).toBeVisible();
    await expect(this.images('archiving')).toHaveCount(0, { timeout: 90_000 });
    await expect(this.images('unsaved')).toHaveCount(0);
  }

  /** sha256 of every image of the board, downloaded in full through the assets route (once archived). */
  async downloadedHashes(): Promise<string[]> {
    await this.archived();
    const ids = await this.page.locator('img[data-asset-id]').evaluateAll((imgs) => imgs.map((img) => img.getAttribute('data-asset-id')!));
    const hashes: string[] = [];
    for (const id of ids) {
      const response = await this.page.request.get(`/api/assets/${id}?download=1`);
      expect(response.status()).toBe(200);
      hashes.push(
        createHash('sha256')
          .update(await response.body())
          .digest('hex'),
      );
    }
    return hashes;
  }
}
