import { Global, Module } from '@nestjs/common';
import { SearchPageModels } from './search-page.model.js';
import { SearchController } from './search.controller.js';
import { SearchRepository } from './search.repository.js';
import { SearchService } from './search.service.js';

/** Search: the results page, its map and fragments, and the queries other features reuse (alerts, sitemap). */
@Global()
@Module({
  controllers: [SearchController],
  providers: [SearchRepository, SearchService, SearchPageModels],
  exports: [SearchRepository, SearchService, SearchPageModels],
})
export class SearchModule {}
