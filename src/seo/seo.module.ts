import { Module } from '@nestjs/common';
import { SeoController } from './seo.controller.js';

/** The sitemap and robots.txt. */
@Module({
  controllers: [SeoController],
})
export class SeoModule {}
