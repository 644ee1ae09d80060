import { Module } from '@nestjs/common';
import { FavoritesController } from './favorites.controller.js';
import { FavoritesMailFormView, FavoritesPageModels } from './favorites-page.model.js';
import { FavoritesService } from './favorites.service.js';

/** Favourites: the page, the hearts' counts and mailing the list. */
@Module({
  controllers: [FavoritesController],
  providers: [FavoritesService, FavoritesPageModels, FavoritesMailFormView],
})
export class FavoritesModule {}
