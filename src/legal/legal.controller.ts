import { Controller, Get } from '@nestjs/common';
import { TextPage, type TextPageModel } from '../../views/pages/info-page.js';
import { RequestLocale } from '../common/locale.decorator.js';
import { page, type PageView } from '../common/rendering/view.js';
import type { Locale } from '../routing/locales.js';
import { routerPaths } from '../routing/routes.js';

@Controller()
export class LegalController {
  @Get(routerPaths('privacy'))
  privacy(@RequestLocale() _locale: Locale): PageView<TextPageModel> {
    return page(TextPage, { key: 'privacy' }, { route: 'privacy' }, { version: '' });
  }

  @Get(routerPaths('terms'))
  terms(@RequestLocale() _locale: Locale): PageView<TextPageModel> {
    return page(TextPage, { key: 'terms' }, { route: 'terms' }, { version: '' });
  }
}
