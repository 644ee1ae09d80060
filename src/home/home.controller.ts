import { Controller, Get, Headers, Redirect } from '@nestjs/common';
import { negotiateLocale } from '../routing/locales.js';
import { urlFor } from '../routing/routes.js';

@Controller()
export class HomeController {
  /** `/` sends the visitor to the best of our languages for their browser (302: it depends on them). */
  @Get('/')
  @Redirect()
  root(@Headers('accept-language') acceptLanguage?: string): { url: string; statusCode: number } {
    return { url: urlFor('home', negotiateLocale(acceptLanguage)), statusCode: 302 };
  }
}
