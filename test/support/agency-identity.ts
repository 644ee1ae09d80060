/**
 * The whole identity of a (fictitious) agency, none of it the demo's: production on PostgreSQL refuses to start
 * without each part, and the go-live journey checks that only these values reach pages and mails.
 */
export const AGENCY_IDENTITY = {
  AGENCY_NAME: 'Makelaardij Leiezicht',
  AGENCY_LEGAL_NAME: 'Leiezicht Vastgoed BV',
  AGENCY_STREET: 'Veldstraat 12',
  AGENCY_POSTAL_CODE: '9000',
  AGENCY_CITY: 'Gent',
  AGENCY_COMPANY_NUMBER: '0401.574.852',
  AGENCY_VAT_NUMBER: 'BE0401574852',
  AGENCY_BIV_NUMBER: '508421',
  AGENCY_BIV_TITLE: 'bemiddelaar',
  AGENCY_INSURER: 'AXA Belgium',
  AGENCY_INSURANCE_POLICY: '730.390.160',
  AGENCY_PHONE: '+32 9 225 11 40',
  AGENCY_EMAIL: 'info@leiezicht.test',
  MAIL_FROM: 'Makelaardij Leiezicht <no-reply@leiezicht.test>',
} as const;
