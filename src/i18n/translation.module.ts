import { Global, Module } from '@nestjs/common';
import { TranslationService } from './translation.service.js';

/** Translations by explicit locale, for every feature. */
@Global()
@Module({
  providers: [TranslationService],
  exports: [TranslationService],
})
export class TranslationModule {}
