import { Module } from '@nestjs/common';
import { HomeController } from './home.controller.js';

/** The home page. */
@Module({
  controllers: [HomeController],
})
export class HomeModule {}
