import { Body, Controller, HttpStatus, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ThrottlerGuard } from '@nestjs/throttler';
import { plainToInstance } from 'class-transformer';
import { validate, type ValidationError } from 'class-validator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { InquiryForm } from '../../views/fragments/inquiry-forms.js';
import { FormPage } from '../../views/pages/form-page.js';
import { renderFragment } from '../../views/render.js';
import { AppError, NotFoundError } from '../common/errors.js';
import { isHtmxRequest, sendHtml } from '../common/html-response.js';
import { RequestLocale } from '../common/locale.decorator.js';
import { PageResponder } from '../common/page-responder.service.js';
import { EstateDetailPageRenderer } from '../detail/estate-detail-page.renderer.js';
import { EstateDetailService, type FoundEstate } from '../detail/estate-detail.service.js';
import { pickText } from '../i18n/localized-text.js';
import { TranslationService } from '../i18n/translation.service.js';
import type { Locale } from '../routing/locales.js';
import { routerPaths } from '../routing/routes.js';
import { BotCheckService, BotCheckUnavailableError } from './bot-check.service.js';
import { ExtraInfoDto, SendToFriendDto } from './inquiry.dto.js';
import { InquiryService } from './inquiry.service.js';

type Kind = 'extra-info' | 'send-to-friend';
type Fields = Record<string, { value: string; error?: string }>;

const FIELDS: Record<Kind, readonly string[]> = {
  'extra-info': ['name', 'email', 'phone', 'message', 'privacyConsent'],
  'send-to-friend': ['name', 'email', 'friendName', 'friendEmail', 'message'],
};

/**
 * The detail page's two forms (SPEC §4, §5, §7). With htmx: 200 on success, 422 with the form and
 * its localized errors, 4xx/5xx without a form on failure (the island shows the danger alert).
 * Without JavaScript: 303 back to the listing with `?sent=…` (Post/Redirect/Get), or the form again.
 * Nothing is stored unless the input is valid and the bot check passed.
 */
@Controller()
@UseGuards(ThrottlerGuard)
export class FormsController {
  constructor(
    private readonly inquiries: InquiryService,
    private readonly botCheck: BotCheckService,
    private readonly details: EstateDetailService,
    private readonly renderer: EstateDetailPageRenderer,
    private readonly pages: PageResponder,
    private readonly translations: TranslationService,
  ) {}

  @Post(routerPaths('ajaxContactForm'))
  extraInfo(@RequestLocale() locale: Locale, @Body() body: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<FastifyReply> {
    return this.handle('extra-info', locale, body, request, reply);
  }

  @Post(routerPaths('ajaxSendToFriend'))
  sendToFriend(@RequestLocale() locale: Locale, @Body() body: unknown, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<FastifyReply> {
    return this.handle('send-to-friend', locale, body, request, reply);
  }

  private async handle(kind: Kind, locale: Locale, body: unknown, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const raw = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
    const estateId = Number(raw.estateId);
    const found = Number.isInteger(estateId) && estateId > 0 ? await this.details.find(estateId) : null;
    if (!found) throw new NotFoundError();

    const dto: ExtraInfoDto | SendToFriendDto =
      kind === 'extra-info' ? plainToInstance(ExtraInfoDto, raw) : plainToInstance(SendToFriendDto, raw);
    const errors = await validate(dto, { whitelist: true, forbidUnknownValues: false });
    if (errors.length > 0) return this.invalid(kind, locale, raw, errors, found, request, reply);

    let human: boolean;
    try {
      human = await this.botCheck.verify(String(raw['g-recaptcha-response'] ?? ''), request.ip);
    } catch (error) {
      if (error instanceof BotCheckUnavailableError) throw new AppError('serverError', HttpStatus.SERVICE_UNAVAILABLE);
      throw error;
    }
    if (!human) throw new AppError('forbidden', HttpStatus.FORBIDDEN);

    if (kind === 'extra-info') await this.inquiries.submitExtraInfo(dto as ExtraInfoDto, found, locale);
    else await this.inquiries.submitSendToFriend(dto as SendToFriendDto, found, locale);
    this.inquiries.flush();

    if (isHtmxRequest(request)) return reply.status(200).header('Cache-Control', 'no-store').send('');
    return reply.redirect(`${found.paths[locale]}?sent=${kind}`, 303);
  }

  private invalid(
    kind: Kind,
    locale: Locale,
    raw: Record<string, unknown>,
    errors: ValidationError[],
    found: FoundEstate,
    request: FastifyRequest,
    reply: FastifyReply,
  ): FastifyReply {
    const t = this.translations.forLocale(locale);
    const fields: Fields = {};
    for (const name of FIELDS[kind]) fields[name] = { value: typeof raw[name] === 'string' ? (raw[name] as string) : '' };
    for (const error of errors) {
      const key = Object.values(error.constraints ?? {})[0];
      if (fields[error.property] && key) fields[error.property] = { ...fields[error.property], error: t.t(key) };
    }
    const form = this.renderer.formProps(kind, found, locale, { kind, fields, consentChecked: raw.privacyConsent !== undefined });
    if (isHtmxRequest(request)) {
      return sendHtml(request, reply, renderFragment(InquiryForm(form)), { status: HttpStatus.UNPROCESSABLE_ENTITY });
    }
    const listingTitle = pickText(found.estate.title, locale) || String(found.estate.id);
    return this.pages.page(
      request,
      reply,
      locale,
      { route: 'detail', paths: found.paths, indexable: false },
      (ctx) =>
        FormPage({
          ctx,
          model: {
            title: t.t('forms.page.title'),
            heading: t.t(kind === 'extra-info' ? 'detail.extraInfo.title' : 'detail.sendToFriend.title'),
            listingTitle,
            backHref: found.paths[locale],
            backLabel: t.t('forms.page.back'),
            form,
          },
        }),
      { status: HttpStatus.UNPROCESSABLE_ENTITY },
    );
  }
}
