import { Module } from '@nestjs/common';
import { SitemapController } from './sitemap.controller.js';

/** The sitemap and robots.txt. */
@Module({
  controllers: [SitemapController],
})
export class SitemapModule {}
