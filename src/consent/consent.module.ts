import { Module } from '@nestjs/common';
import { ConsentController } from './consent.controller.js';

/** The cookie settings page and the consent cookie. */
@Module({
  controllers: [ConsentController],
})
export class ConsentModule {}
