import { Controller, Get, Headers, Redirect } from '@nestjs/common';
import { TextPage, type TextPageModel } from '../../views/pages/info-page.js';
import { RequestLocale } from '../common/locale.decorator.js';
import { page, type PageView } from '../common/rendering/view.js';
import { type Locale, negotiateLocale } from '../routing/locales.js';
import { routerPaths, urlFor } from '../routing/routes.js';

@Controller()
export class HomeController {
  /** `/` sends the visitor to the best of our languages for their browser (302: it depends on them). */
  @Get('/')
  @Redirect()
  root(@Headers('accept-language') acceptLanguage?: string): { url: string; statusCode: number } {
    return { url: urlFor('home', negotiateLocale(acceptLanguage)), statusCode: 302 };
  }

  @Get(routerPaths('home'))
  home(@RequestLocale() _locale: Locale): PageView<TextPageModel> {
    return page(TextPage, { key: 'home' }, { route: 'home' }, { version: '' });
  }
}
