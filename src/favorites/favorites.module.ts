import { Module } from '@nestjs/common';
import { CompareController } from './compare.controller.js';
import { ComparePageModels } from './compare-page.model.js';
import { FavoritesController } from './favorites.controller.js';
import { FavoritesMailFormView, FavoritesPageModels } from './favorites-page.model.js';
import { FavoritesService } from './favorites.service.js';

/** Favourites: the page, the hearts' counts, mailing the list and comparing two to four of them. */
@Module({
  controllers: [FavoritesController, CompareController],
  providers: [FavoritesService, FavoritesPageModels, FavoritesMailFormView, ComparePageModels],
})
export class FavoritesModule {}
