import { type DynamicModule, Global, Module } from '@nestjs/common';
import { FILLED_TEXTS_KEPT, TranslationService } from './translation.service.js';

/** Translations by explicit locale, for every feature. */
@Global()
@Module({
  providers: [TranslationService],
  exports: [TranslationService],
})
export class TranslationModule {
  /** With the count of filled texts each locale keeps (FILLED_TEXTS_KEPT), from the memory budget. */
  static forRoot(filledTexts: number): DynamicModule {
    return { module: TranslationModule, providers: [{ provide: FILLED_TEXTS_KEPT, useValue: filledTexts }] };
  }
}
