import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { FIXTURES_DIR } from '../../utils/paths.js';
import { documentPlaceholder, encodeDocumentPreview, UndecodableImageError } from './image-encoder.js';
import { PAGE_BOX, renderFirstPage } from './pdf-preview.js';

const PLAN = readFileSync(join(FIXTURES_DIR, 'documents/floor-plan-house-v1.pdf'));

describe(renderFirstPage.name, () => {
  it('draws page 1 of a real PDF, scaled to fit the box (an A4 portrait page: its height), in a worker of its own', async () => {
    const page = await renderFirstPage(PLAN);
    expect(page.height).toBe(PAGE_BOX.height);
    expect(page.width).toBeLessThanOrEqual(PAGE_BOX.width);
    expect(Math.round((page.width / page.height) * 100)).toBe(71);
    const { data } = await sharp(page.png).greyscale().raw().toBuffer({ resolveWithObject: true });
    // The plan's walls and names: dark pixels on the white page.
    expect(data.filter((value) => value < 120).length).toBeGreaterThan(data.length / 200);
  });

  it.each([
    ['not a PDF', Buffer.from('<html>plan</html>')],
    ['a PDF header over garbage', Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2000, 0x41)])],
    ['a PDF cut in half', PLAN.subarray(0, 4000)],
  ])('refuses %s as undrawable', async (_, bytes) => {
    await expect(renderFirstPage(bytes)).rejects.toBeInstanceOf(UndecodableImageError);
  });

  it('gives up a drawing that takes too long (the worker is stopped)', async () => {
    await expect(renderFirstPage(PLAN, 5)).rejects.toThrow(/not drawn within 5 ms/);
  });
});

describe(encodeDocumentPreview.name, () => {
  it('frames the page in the 10:7 box of the width asked, and the placeholder likewise', async () => {
    const { png } = await renderFirstPage(PLAN);
    for (const [width, format] of [[480, 'webp'], [1600, 'jpg'], [768, 'avif']] as const) {
      expect(await sharp(await encodeDocumentPreview(png, width, format)).metadata()).toMatchObject({ width, height: Math.round(width * 0.7) });
      expect(await sharp(await documentPlaceholder(width, format)).metadata()).toMatchObject({ width, height: Math.round(width * 0.7) });
    }
  });
});
