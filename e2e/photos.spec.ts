import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { cameraJpeg, underMask } from '../test/support/photos';
import { assetPixels, EditStudio } from './support/edit-studio';
import { shotPath } from './support/screenshots';

// The photos people really have: a 16 MP phone JPEG (over the service's 4096 px: the suite's one
// photo past 4096 end to end) and an iPhone HEIC stored on its side. Each opens fitted or converted on the server, says so, is edited, and every
// pixel the mask keeps comes back as the fitted image's.

const HEIC = fileURLToPath(new URL('../test/fixtures/photos/portrait-o6.heic', import.meta.url));

const PHOTOS = [
  {
    name: 'PXL_20261126.jpg',
    mimeType: 'image/jpeg',
    bytes: () => cameraJpeg(4608, 3456),
    size: [4096, 3072],
    notice: 'This photo is 4608×3456; it is edited at 4096×3072, the largest the service takes.',
  },
  { name: 'IMG_0412.HEIC', mimeType: 'image/heic', bytes: () => readFile(HEIC), size: [480, 640], notice: 'Converted from HEIC.' },
  // Within 4096 px the browser opens it itself, upright by its tag; the server turns it the same way.
  { name: 'IMG_2041.jpg', mimeType: 'image/jpeg', bytes: () => cameraJpeg(480, 640, { orientation: 6 }), size: [480, 640], notice: null },
] as const;

for (const photo of PHOTOS) {
  test(`a phone photo end to end: ${photo.name}`, async ({ page }) => {
    test.setTimeout(120_000);
    const studio = new EditStudio(page);
    await studio.open();
    await studio.upload(await photo.bytes(), photo.name, page.getByLabel('Choose image'), photo.mimeType, 30_000);
    const [width, height] = photo.size;
    await expect(page.getByTestId('source-info')).toHaveText(`${photo.name} · ${width}×${height}`);
    const original = page.getByRole('link', { name: 'Download the original' });
    if (photo.notice) {
      await expect(page.getByTestId('photo-notice')).toContainText(photo.notice);
      await expect(original).toHaveAttribute('href', /^\/api\/assets\/[0-9a-f-]{36}\?download=1$/);
    } else await expect(page.getByTestId('photo-notice')).toHaveCount(0);

    await page.getByRole('radio', { name: /Local/ }).check({ force: true });
    // A stroke across the left half, in the fitted image's pixels.
    const stroke: Array<[number, number]> = [0.1, 0.2, 0.3, 0.4].map((f) => [Math.round(width * f), Math.round(height * 0.3)]);
    await studio.paint({ width, height }, stroke);
    await page.getByRole('textbox', { name: 'Prompt' }).fill('a red balloon');
    await studio.submit.click();
    const ids = await studio.ids();
    if (process.env.SCREENSHOTS) await page.screenshot({ path: shotPath(`edit-photo-${photo.mimeType.split('/')[1]}.en.png`) });

    const fitted = await assetPixels(page.request, ids.original);
    const result = await assetPixels(page.request, ids.result);
    const mask = await assetPixels(page.request, ids.mask!, 1);
    expect([fitted.width, fitted.height, result.width, result.height, mask.width, mask.height]).toEqual([width, height, width, height, width, height]);
    const { kept, keptButChanged, changed } = underMask(fitted.data, result.data, mask.data, width);
    expect(keptButChanged, 'a pixel changed where the mask is 0').toBeNull();
    expect(kept).toBeGreaterThan(width * height * 0.5);
    expect(changed).toBeGreaterThan(100);

    // The file as it came is kept beside it, at its own size.
    if (!photo.notice) return;
    const download = await page.request.get((await original.getAttribute('href'))!);
    expect(download.status()).toBe(200);
    expect(download.headers()['content-type']).toBe(photo.mimeType);
  });
}
