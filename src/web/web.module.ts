import { Global, Module } from '@nestjs/common';
import { AssetsService } from './assets.service.js';

/** The web kit's injectables: the built assets' manifest. */
@Global()
@Module({
  providers: [AssetsService],
  exports: [AssetsService],
})
export class WebModule {}
