import { Global, Module } from '@nestjs/common';
import { APP_FILTER, APP_INTERCEPTOR } from '@nestjs/core';
import { ErrorResponder, ViewResponder } from '../web/responders.js';
import { AllExceptionsFilter } from './all-exceptions.filter.js';
import { ErrorPagesService } from './error-pages.service.js';
import { MissingListingService } from './missing-listing.service.js';
import { PageContextService } from './page-context.service.js';
import { BuildInfoService } from './rendering/build-info.service.js';
import { KnownPagesService } from './rendering/known-pages.service.js';
import { RenderCacheService } from './rendering/render-cache.service.js';
import { SectionCacheService } from './rendering/section-cache.service.js';
import { ViewInterceptor } from './rendering/view.interceptor.js';
import { ViewRendererService } from './rendering/view-renderer.service.js';

/**
 * The web shell: renders every controller's view in the layout (page context, render cache, ETags), and every error
 * as its localized page. It fills the web kit's ports, so the form pipeline's filter renders through it.
 */
@Global()
@Module({
  providers: [
    PageContextService,
    ViewRendererService,
    BuildInfoService,
    RenderCacheService,
    SectionCacheService,
    KnownPagesService,
    ErrorPagesService,
    MissingListingService,
    AllExceptionsFilter,
    { provide: ViewResponder, useExisting: ViewRendererService },
    { provide: ErrorResponder, useExisting: AllExceptionsFilter },
    { provide: APP_FILTER, useExisting: AllExceptionsFilter },
    { provide: APP_INTERCEPTOR, useClass: ViewInterceptor },
  ],
  exports: [ViewResponder, ErrorResponder, PageContextService, ViewRendererService, BuildInfoService, RenderCacheService, SectionCacheService, KnownPagesService],
})
export class ShellModule {}
