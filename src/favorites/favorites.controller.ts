import { Controller, Get } from '@nestjs/common';
import { TextPage, type TextPageModel } from '../../views/pages/info-page.js';
import { RequestLocale } from '../common/locale.decorator.js';
import { page, type PageView } from '../common/rendering/view.js';
import type { Locale } from '../routing/locales.js';
import { routerPaths } from '../routing/routes.js';

@Controller()
export class FavoritesController {
  @Get(routerPaths('favorites'))
  favorites(@RequestLocale() _locale: Locale): PageView<TextPageModel> {
    return page(TextPage, { key: 'favorites', noindex: true }, { route: 'favorites', indexable: false });
  }
}
