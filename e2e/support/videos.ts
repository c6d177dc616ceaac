import { expect, type Page } from '@playwright/test';
import { live } from './accounts';

/** The /videos page as a user drives it. */
export class VideosPage {
  constructor(readonly page: Page) {}

  form() {
    return this.page.getByRole('form', { name: 'New video' });
  }

  /** Fills the New video form and submits it; waits until the form took it (its prompt emptied), and returns the video's card. */
  async create({ model, prompt, duration, resolution }: { model: string; prompt: string; duration?: string; resolution?: string }) {
    // A form filled before the page hydrates is cleared by it.
    await live(this.page);
    const form = this.form();
    await form.getByLabel('Model', { exact: true }).selectOption(model);
    await form.getByLabel('Prompt').fill(prompt);
    if (duration) await form.getByText(duration, { exact: true }).click();
    if (resolution) await form.getByText(resolution, { exact: true }).click();
    await form.getByRole('button', { name: 'Generate video' }).click();
    await expect(form.getByLabel('Prompt')).toHaveValue('', { timeout: 30_000 });
    return this.card(prompt);
  }

  /** Goes to /videos and makes the shortest, cheapest video there is (atelier-motion, 3 s, 480p); returns its card. */
  async createShort(prompt: string) {
    await this.page.goto('/videos');
    return this.create({ model: 'atelier-motion', prompt, duration: '3 s', resolution: '480p' });
  }

  card(prompt: string) {
    return this.page.getByTestId('video-card').filter({ hasText: prompt });
  }
}
