import { applyDecorators, SetMetadata, UseFilters, UseGuards } from '@nestjs/common';
import { FormErrorFilter } from './form-error.filter.js';
import type { FormOptions } from './form-view.js';
import { FORM_OPTIONS, FormGuard } from './form.guard.js';

/**
 * Marks a handler as a form post: rate limit and bot check first (FormGuard), then the DTO validation of the
 * global pipe; refused input is shown again by FormErrorFilter. A new form is a DTO, a service method and a view.
 */
export function FormHandler(options: FormOptions): MethodDecorator {
  return applyDecorators(SetMetadata(FORM_OPTIONS, options), UseGuards(FormGuard), UseFilters(FormErrorFilter));
}
