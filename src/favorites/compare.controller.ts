import { Controller, Get, Query } from '@nestjs/common';
import type { ComparePageModel } from '../../views/pages/compare-page.js';
import { RequestLocale } from '../web/locale.decorator.js';
import type { PageView } from '../web/view.js';
import type { Locale } from '../routing/locales.js';
import { routerPaths } from '../routing/routes.js';
import { ComparePageModels } from './compare-page.model.js';

/** Two to four favourites side by side: a GET form on the favourites page names them (`?ids=1&ids=2`). */
@Controller()
export class CompareController {
  constructor(private readonly pages: ComparePageModels) {}

  @Get(routerPaths('favoritesCompare'))
  compare(@RequestLocale() locale: Locale, @Query('ids') ids: unknown): Promise<PageView<ComparePageModel>> {
    return this.pages.view(locale, ids);
  }
}
