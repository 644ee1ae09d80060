import type { ReactElement } from 'react';
import { addressLine, insuranceLine, professionalTitleLine } from '../../src/config/legal-identity.js';
import type { PageContext } from '../page-context.js';

/** The agency's legal identity as Belgian law wants it on an estate agent's pages (footer, privacy statement). */
export function LegalIdentityBlock({ ctx, className }: { ctx: PageContext; className?: string }): ReactElement {
  const { t, site, locale } = ctx;
  const legal = site.legal;
  return (
    <address className={className ? `legal-identity ${className}` : 'legal-identity'}>
      <span>{legal.legalName}</span> <span>{addressLine(legal)}</span>{' '}
      <span>{t('legal.identity.companyNumber', { number: legal.companyNumber })}</span>{' '}
      <span>{t('legal.identity.vatNumber', { number: legal.vatNumber })}</span>{' '}
      <span>{professionalTitleLine(legal, t, locale)}</span> <span>{insuranceLine(legal, t)}</span>{' '}
      <span>
        {t('legal.identity.supervisorLabel')}{' '}
        <a href={legal.supervisoryAuthorityUrl} rel="noopener">
          {legal.supervisoryAuthority}
        </a>
      </span>{' '}
      <span>
        <a href={legal.codeOfConductUrl} rel="noopener">
          {t('legal.identity.codeOfConduct')}
        </a>
      </span>
    </address>
  );
}
