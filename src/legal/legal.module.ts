import { Module } from '@nestjs/common';
import { LegalController } from './legal.controller.js';

/** The privacy and terms pages. */
@Module({
  controllers: [LegalController],
})
export class LegalModule {}
