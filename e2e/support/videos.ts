import { expect, type Page } from '@playwright/test';

/** The /videos page as a user drives it. */
export class VideosPage {
  constructor(readonly page: Page) {}

  form() {
    return this.page.getByRole('form', { name: 'New video' });
  }

  /** Fills the New video form and submits it; waits until the form took it (its prompt emptied), and returns the video's card. */
  async create({ model, prompt, duration, resolution }: { model: string; prompt: string; duration?: string; resolution?: string }) {
    const form = this.form();
    await form.getByLabel('Model').selectOption(model);
    await form.getByLabel('Prompt').fill(prompt);
    if (duration) await form.getByText(duration, { exact: true }).click();
    if (resolution) await form.getByText(resolution, { exact: true }).click();
    await form.getByRole('button', { name: 'Generate video' }).click();
    await expect(form.getByLabel('Prompt')).toHaveValue('', { timeout: 30_000 });
    return this.card(prompt);
  }

  card(prompt: string) {
    return this.page.getByTestId('video-card').filter({ hasText: prompt });
  }
}
