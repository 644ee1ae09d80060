import { Controller, Get, Inject, Logger, type OnModuleDestroy, Param, Query, Req, Res } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { join, resolve } from 'node:path';
import type { DataSource } from 'typeorm';
import { NotFoundError } from '../../utils/errors.js';
import { FIXTURES_DIR } from '../../utils/paths.js';
import { AppConfig } from '../../config/config.js';
import { decodePhotoOrigin, KEYED_PHOTO_STEM, PROPERTY_IMAGES_PATH, remotePhotoFileName } from '../../routing/routes.js';
import { DEMO_IMAGE_ACCOUNTS, isImageFormat, isImageWidth } from './image-variants.js';
import type { PhotoHosts } from '../../config/photo-hosts.js';
import type { PhotoSource } from './photo-originals.js';
import { PhotoKeyStore, photoKey } from './photo-keys.js';
import { type ImageReply, PropertyImageService } from './property-image.service.js';
import { releaseRequestDeadline } from '../../database/request-deadline.js';


const ACCOUNT = /^\d{1,10}$/;
const SIZE = /^(large|thumb)$/;
const WIDTH = /^(\d{2,4})w$/;
const FILE = /^[\w-]{1,80}\.(jpe?g|png|webp)$/i;
/**
 * `<original file>.<format>`, e.g. `house-01.jpg.avif`; `floor-plan.pdf.webp`, the preview of a demo account's PDF
 * (the site's own floor plans, in fixtures/documents). The PDF itself is never served here: only variants name one.
 */
const VARIANT_FILE = /^([\w-]{1,80}\.(?:jpe?g|png|webp|pdf))\.([a-z]+)$/i;
const PDF_FILE = /\.pdf$/i;
const VERSION = /^[\w-]{1,40}$/;
/** base64url of an original URL of at most 2,048 characters. */
const ORIGIN = /^[\w-]{1,2800}$/;
/** Downloads of originals at once: a burst of cold photos cannot open hundreds of connections nor buffer their bytes. */
const DOWNLOADS_AT_ONCE = 4;

/** `<DATA_DIR>/images`, or a temporary folder (null) when the data lives in memory. */
export function imageCacheDir(config: AppConfig): string | null {
  if (config.IMAGE_CACHE_DIR) return resolve(config.IMAGE_CACHE_DIR);
  return config.DATA_DIR.startsWith('memory://') ? null : join(resolve(config.DATA_DIR), 'images');
}

/** Whether the client's `If-None-Match` names `etag` (a list, weak forms and `*` included). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag.replace(/^W\//, '') === etag;
  });
}

/**
 * Listing photos under the site's own origin (SPEC §7 property images): `<source>/<width>w/<file>.<avif|webp|jpg>`
 * resized and encoded on first request, and the CRM's own `<source>/<large|thumb>/<file>`. The source is an account
 * (`/<account>/…`: demo accounts read fixtures/, others PROPERTY_IMAGES_URL) or an original URL on a host of
 * PHOTO_HOSTS: by its key (`/h/<key>/…`, the URL in photo_originals, as the sync stores listings) or, in the URLs
 * older pages and mails hold, in the path (`/u/<base64url of the URL>/…`). The host is checked against the list on
 * every request (and every redirect): never an open proxy.
 */
@Controller()
export class PropertyImagesController implements OnModuleDestroy {
  private readonly logger = new Logger(PropertyImagesController.name);
  readonly images: PropertyImageService;
  private readonly hosts: PhotoHosts;
  private readonly keys: PhotoKeyStore;

  constructor(@Inject(AppConfig) config: AppConfig, @InjectDataSource() dataSource: DataSource) {
    this.hosts = config.photoHosts;
    this.keys = new PhotoKeyStore(dataSource);
    this.images = new PropertyImageService({
      cacheDir: imageCacheDir(config),
      upstreamUrl: config.PROPERTY_IMAGES_URL ?? null,
      hosts: this.hosts,
      concurrency: config.IMAGE_CONCURRENCY,
      downloadConcurrency: DOWNLOADS_AT_ONCE,
      maxCacheBytes: config.IMAGE_CACHE_MAX_MB * 1024 * 1024,
      // The tests' and the demo's fake photo hosts listen on 127.0.0.1: never in production, whatever PHOTO_HOSTS says.
      allowPrivateOrigins: !config.isProduction,
      demoAccounts: DEMO_IMAGE_ACCOUNTS,
      fixturesDir: FIXTURES_DIR,
      logger: this.logger,
    });
  }

  async onModuleDestroy(): Promise<void> {
    await this.images.close();
  }

  @Get(`${PROPERTY_IMAGES_PATH}/:accountId/:size/:file`)
  async image(
    @Param('accountId') accountId: string,
    @Param('size') size: string,
    @Param('file') file: string,
    @Query('v') v: unknown,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<FastifyReply> {
    if (!ACCOUNT.test(accountId)) throw new NotFoundError();
    return this.serve({ account: accountId }, null, size, file, v, request, reply);
  }

  @Get(`${PROPERTY_IMAGES_PATH}/u/:origin/:size/:file`)
  async remoteImage(
    @Param('origin') origin: string,
    @Param('size') size: string,
    @Param('file') file: string,
    @Query('v') v: unknown,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<FastifyReply> {
    // Only the exact URL the mappers would have made, on a host still on the list: no fetch for anything else.
    const original = ORIGIN.test(origin) ? decodePhotoOrigin(origin) : null;
    const url = this.allowedUrl(original);
    return this.serve({ url: await this.withKnownQuery(url) }, remotePhotoFileName(original!), size, file, v, request, reply);
  }

  @Get(`${PROPERTY_IMAGES_PATH}/h/:key/:size/:file`)
  async keyedImage(
    @Param('key') key: string,
    @Param('size') size: string,
    @Param('file') file: string,
    @Query('v') v: unknown,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<FastifyReply> {
    // Only a key the sync stored, for a URL on a host still on the list: no fetch for anything else.
    const original = await this.keys.find(key);
    return this.serve({ url: this.allowedUrl(original) }, remotePhotoFileName(original!, KEYED_PHOTO_STEM), size, file, v, request, reply);
  }

  /** The photo's URL when it is a canonical URL on a host still on the list; otherwise a 404 (nothing is fetched). */
  private allowedUrl(original: string | null): URL {
    const url = original !== null && URL.canParse(original) ? new URL(original) : null;
    if (!url || url.href !== original || !this.hosts.allows(url)) throw new NotFoundError();
    return url;
  }

  /**
   * The URL as the proxy fetches and caches it: its query only when the CRM gave that query, that is when the sync
   * stored this exact URL in photo_originals. A query anyone appends to the path's URL (`?x=1`, `?x=2`…) would
   * otherwise make a new original each time: it is dropped, and every such URL is the one photo, downloaded once.
   */
  private async withKnownQuery(url: URL): Promise<URL> {
    if (url.search === '' || (await this.keys.find(photoKey(url.href))) === url.href) return url;
    const bare = new URL(url);
    bare.search = '';
    return bare;
  }

  /** `expectedFile`: the one file name a remote photo's path may carry (null: any valid name, for accounts). */
  private async serve(
    source: PhotoSource,
    expectedFile: string | null,
    size: string,
    file: string,
    v: unknown,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<FastifyReply> {
    if (v !== undefined && (typeof v !== 'string' || !VERSION.test(v))) throw new NotFoundError();
    // The lookups in the database are done: from here the proxy's own bounds hold (the upstream time-out, the
    // download and resize queues), not the request deadline, which would answer a slow resize as a database outage.
    releaseRequestDeadline(request);
    const version = typeof v === 'string' ? v : null;
    if (SIZE.test(size)) {
      if (!FILE.test(file) || (expectedFile !== null && file !== expectedFile)) throw new NotFoundError();
      return this.send(request, reply, await this.images.original(source, size as 'large' | 'thumb', file, version));
    }
    // Only the listed widths and formats: nobody can make the server resize to sizes of their choosing.
    const width = Number(WIDTH.exec(size)?.[1]);
    const variant = VARIANT_FILE.exec(file);
    if (!isImageWidth(width) || !variant || !isImageFormat(variant[2])) throw new NotFoundError();
    if (expectedFile !== null && variant[1] !== expectedFile) throw new NotFoundError();
    // A `.pdf` name only for the demo's own plans: nothing is asked of PROPERTY_IMAGES_URL that no page links.
    if (PDF_FILE.test(variant[1]) && !('account' in source && DEMO_IMAGE_ACCOUNTS.includes(source.account))) throw new NotFoundError();
    return this.send(request, reply, await this.images.variant(source, width, variant[1], variant[2], version));
  }

  private async send(request: FastifyRequest, reply: FastifyReply, image: ImageReply): Promise<FastifyReply> {
    // Photos are public and appear in mails and on other sites' previews: allow loading them from any origin.
    reply.header('Cache-Control', image.cacheControl).header('Cross-Origin-Resource-Policy', 'cross-origin');
    if (image.etag) {
      reply.header('ETag', image.etag);
      if (matches(request.headers['if-none-match'], image.etag)) return reply.status(304).send();
    }
    if (image.retryAfterSeconds !== null) reply.header('Retry-After', String(image.retryAfterSeconds));
    return reply.status(image.status).header('Content-Type', image.contentType).send(await image.body());
  }
}
