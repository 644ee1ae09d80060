import { Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ReactElement } from 'react';
import type { Locale } from '../routing/locales.js';
import type { PageContext } from '../../views/page-context.js';
import { InfoPage } from '../../views/pages/info-page.js';
import { renderPage } from '../../views/render.js';
import { type CachePolicy, sendHtml } from './html-response.js';
import { type PageAddress, PageContextService } from './page-context.service.js';

export interface RenderOptions {
  readonly status?: number;
  readonly cache?: CachePolicy;
}

/** Renders a page view with its context and sends it (ETag, cache headers). */
@Injectable()
export class PageResponder {
  constructor(private readonly contexts: PageContextService) {}

  page(
    request: FastifyRequest,
    reply: FastifyReply,
    locale: Locale,
    address: PageAddress,
    view: (ctx: PageContext) => ReactElement,
    options: RenderOptions = {},
  ): FastifyReply {
    const ctx = this.contexts.create(request, reply, locale, address);
    return sendHtml(request, reply, renderPage(view(ctx)), options);
  }

  /**
   * A heading and text from `pages.<key>` (title, description, heading, text with paragraphs split on
   * blank lines). `args` fill placeholders in the texts.
   */
  info(
    request: FastifyRequest,
    reply: FastifyReply,
    locale: Locale,
    address: PageAddress,
    key: string,
    extra: { args?: Record<string, string | number>; action?: { href: string; labelKey: string } } = {},
  ): FastifyReply {
    return this.page(request, reply, locale, address, (ctx) => {
      const text = (name: string) => ctx.t(`pages.${key}.${name}`, extra.args);
      return InfoPage({
        ctx,
        model: {
          title: text('title'),
          description: text('description'),
          heading: text('heading'),
          paragraphs: text('text').split(/\n\s*\n/),
          noindex: address.indexable === false,
          action: extra.action && { href: extra.action.href, label: ctx.t(extra.action.labelKey) },
        },
      });
    });
  }
}
