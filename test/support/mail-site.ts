import { loadConfig } from '../../src/config/config.js';
import { legalIdentity } from '../../src/config/legal-identity.js';
import type { MailSite } from '../../views/mail/mail-layout.js';

/** The agency as the mail specs render it: the default config's legal identity. */
export const TEST_MAIL_SITE: MailSite = {
  name: 'Immo Vastgoed',
  logoUrl: 'https://www.immo.example/assets/logo.png',
  brandColor: '#0b5a6b',
  siteUrl: 'https://www.immo.example/',
  email: 'info@immo.example',
  phone: '+32 9 123 45 67',
  legal: legalIdentity(loadConfig({})),
};
