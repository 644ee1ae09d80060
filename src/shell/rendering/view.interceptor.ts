import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { from, mergeMap, type Observable, of } from 'rxjs';
import { isView } from '../../web/view.js';
import { ViewRendererService } from './view-renderer.service.js';

/** Turns every view a controller returns into its HTTP answer (other results, such as JSON, pass through). */
@Injectable()
export class ViewInterceptor implements NestInterceptor {
  constructor(private readonly renderer: ViewRendererService) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = context.switchToHttp();
    return next.handle().pipe(
      mergeMap((result: unknown) =>
        isView(result) ? from(this.renderer.respond(http.getRequest<FastifyRequest>(), http.getResponse<FastifyReply>(), result)) : of(result),
      ),
    );
  }
}
