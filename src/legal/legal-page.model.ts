/** The privacy statement's sections, in order; each has `legal.privacy.<id>.{heading,text}`. */
export const PRIVACY_SECTIONS = ['controller', 'collected', 'purposes', 'retention', 'processors', 'cookies', 'rights', 'authority'] as const;

/** The terms of use's sections; each has `legal.terms.<id>.{heading,text}`. */
export const TERMS_SECTIONS = ['use', 'listings', 'liability', 'ip', 'law'] as const;

interface LegalTextConfig {
  readonly AGENCY_NAME: string;
  readonly AGENCY_LEGAL_NAME: string;
  readonly AGENCY_EMAIL: string;
  readonly AGENCY_PHONE: string;
  readonly RETENTION_INQUIRY_DAYS: number;
  readonly RETENTION_MAIL_DAYS: number;
  readonly SUBSCRIPTION_CONFIRM_HOURS: number;
  readonly SUBSCRIPTION_ANONYMIZE_DAYS: number;
  readonly BOT_CHECK_VERIFY_URL: string;
  readonly MAP_TILE_URL: string;
}

/** The host of a URL template such as `https://{s}.tile.example/{z}/{x}/{y}.png`. */
function hostOf(template: string): string {
  const match = /^[a-z]+:\/\/([^/]+)/i.exec(template);
  return match ? match[1] : template;
}

/**
 * What the legal texts fill in from the configuration, so the privacy statement states the numbers and services
 * this deployment really uses.
 */
export function legalPageArgs(config: LegalTextConfig, consentCookie: string): Record<string, string | number> {
  return {
    agency: config.AGENCY_NAME,
    legalName: config.AGENCY_LEGAL_NAME,
    email: config.AGENCY_EMAIL,
    phone: config.AGENCY_PHONE,
    inquiryDays: config.RETENTION_INQUIRY_DAYS,
    mailDays: config.RETENTION_MAIL_DAYS,
    confirmHours: config.SUBSCRIPTION_CONFIRM_HOURS,
    anonymizeDays: config.SUBSCRIPTION_ANONYMIZE_DAYS,
    botCheck: hostOf(config.BOT_CHECK_VERIFY_URL),
    tiles: hostOf(config.MAP_TILE_URL),
    consentCookie,
  };
}
