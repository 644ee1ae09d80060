import { Initial1795387277224 } from './1795387277224-Initial.js';
import { EstatesCache1795406176301 } from './1795406176301-EstatesCache.js';
import { InquiriesAndMailOutbox1795410388359 } from './1795410388359-InquiriesAndMailOutbox.js';
import { FormPipeline1795448000000 } from './1795448000000-FormPipeline.js';
import { MailsThroughJobs1795454028649 } from './1795454028649-MailsThroughJobs.js';

/** Every migration in order; a newly generated migration is added at the end. */
export const MIGRATIONS = [
  Initial1795387277224,
  EstatesCache1795406176301,
  InquiriesAndMailOutbox1795410388359,
  FormPipeline1795448000000,
  MailsThroughJobs1795454028649,
];
