import { Controller, Get, Inject, Param, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { stat, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { NotFoundError } from '../../common/errors.js';
import { FIXTURES_DIR } from '../../common/paths.js';
import { AppConfig } from '../../config/config.js';
import { PROPERTY_IMAGES_PATH } from '../../routing/routes.js';

/** The demo catalogue's accounts (source A 1042, source B 2077): their photos are in fixtures/photos. */
export const DEMO_IMAGE_ACCOUNTS: readonly string[] = ['1042', '2077'];

const ACCOUNT = /^\d{1,10}$/;
const SIZE = /^(large|thumb)$/;
const FILE = /^[\w-]{1,80}\.(jpe?g|png|webp)$/i;
const CONTENT_TYPES: Readonly<Record<string, string>> = { jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };
const UPSTREAM_TIMEOUT_MS = 10_000;

/**
 * Listing photos under the site's own origin (SPEC §7 property images, one path per account id):
 * the demo accounts from fixtures/, other accounts fetched from PROPERTY_IMAGES_URL.
 */
@Controller()
export class PropertyImagesController {
  constructor(@Inject(AppConfig) private readonly config: AppConfig) {}

  @Get(`${PROPERTY_IMAGES_PATH}/:accountId/:size/:file`)
  async image(
    @Param('accountId') accountId: string,
    @Param('size') size: string,
    @Param('file') file: string,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<FastifyReply> {
    if (!ACCOUNT.test(accountId) || !SIZE.test(size) || !FILE.test(file)) throw new NotFoundError();
    const type = CONTENT_TYPES[file.split('.').pop()!.toLowerCase()];
    const body = DEMO_IMAGE_ACCOUNTS.includes(accountId) ? await this.demoImage(size, file) : await this.upstreamImage(accountId, size, file);
    if (!body) throw new NotFoundError();
    const etag = `"${body.etag}"`;
    reply.header('Content-Type', type).header('Cache-Control', 'public, max-age=86400').header('ETag', etag);
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.send(body.data);
  }

  private async demoImage(size: string, file: string): Promise<{ data: Buffer; etag: string } | null> {
    const path = join(FIXTURES_DIR, 'photos', size, file);
    try {
      const info = await stat(path);
      return { data: await readFile(path), etag: `${info.size.toString(36)}-${Math.round(info.mtimeMs).toString(36)}` };
    } catch {
      return null;
    }
  }

  private async upstreamImage(accountId: string, size: string, file: string): Promise<{ data: Buffer; etag: string } | null> {
    if (!this.config.PROPERTY_IMAGES_URL) return null;
    const url = `${this.config.PROPERTY_IMAGES_URL.replace(/\/$/, '')}/${accountId}/${size === 'thumb' ? 'thumbs/' : ''}${file}`;
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS) });
      if (!response.ok) return null;
      const data = Buffer.from(await response.arrayBuffer());
      return { data, etag: response.headers.get('etag')?.replace(/"/g, '') ?? `${data.length.toString(36)}` };
    } catch {
      return null;
    }
  }
}
