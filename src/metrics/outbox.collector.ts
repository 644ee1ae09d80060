import { Injectable } from '@nestjs/common';
import { LeadRepository } from '../leads/lead.repository.js';
import { MailRepository } from '../mail/mail.repository.js';
import { MetricsService, type Reading } from './metrics.service.js';

/** One series per status, 0 for a status without rows: a gauge that vanishes at 0 would hide a recovery from the alert. */
function byStatus<S extends string>(statuses: readonly S[], rows: readonly { status: S; count: number }[]): Reading<'status'>[] {
  return statuses.map((status) => ({ labels: { status: status.toLowerCase() }, value: rows.find((row) => row.status === status)?.count ?? 0 }));
}

/** What waits to leave the site, or gave up: mails to send and leads to deliver to the CRMs, one grouped count each. */
@Injectable()
export class OutboxCollector {
  constructor(metrics: MetricsService, mails: MailRepository, leads: LeadRepository) {
    const mailStatuses = ['PENDING', 'SENDING', 'FAILED'] as const;
    metrics.gauge({
      name: 'immo_mails',
      help: 'Mails in the outbox by status (pending: waiting for an attempt or a retry; failed: out of attempts, see npm run mail:retry)',
      labelNames: ['status'],
      read: async () => byStatus(mailStatuses, await mails.countByStatus(mailStatuses)),
    });
    const leadStatuses = ['PENDING', 'FAILED'] as const;
    metrics.gauge({
      name: 'immo_leads',
      help: 'Leads not delivered to their CRM, by status (failed: out of attempts)',
      labelNames: ['status'],
      read: async () => byStatus(leadStatuses, await leads.countByStatus(leadStatuses)),
    });
  }
}
