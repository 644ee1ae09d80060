import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager, type Repository } from 'typeorm';
import { LeadEntity, type LeadStatus } from './lead.entity.js';

/** What a new lead is stored with: not yet delivered, not yet attempted. */
export type NewLead = Pick<LeadEntity, 'id' | 'kind' | 'source' | 'estateId' | 'sourceEstateId' | 'locale' | 'name' | 'email' | 'phone' | 'message' | 'searchProfile' | 'viewingSlots'>;

/** The leads table. Methods that take a manager run inside the caller's transaction. */
@Injectable()
export class LeadRepository {
  private readonly rows: Repository<LeadEntity>;

  constructor(@InjectDataSource() dataSource: DataSource) {
    this.rows = dataSource.getRepository(LeadEntity);
  }

  async add(manager: EntityManager, lead: NewLead): Promise<void> {
    await manager.insert(LeadEntity, { ...lead, status: 'PENDING', attempts: 0, lastError: null, deliveredAt: null });
  }

  findById(id: string): Promise<LeadEntity | null> {
    return this.rows.findOneBy({ id });
  }

  /** How many leads are in each of `statuses` that has any, in one grouped count. */
  countByStatus(statuses: readonly LeadStatus[]): Promise<{ status: LeadStatus; count: number }[]> {
    return this.rows
      .createQueryBuilder('lead')
      .select('lead.status', 'status')
      .addSelect('count(*)::int', 'count')
      .where('lead.status IN (:...statuses)', { statuses })
      .groupBy('lead.status')
      .getRawMany();
  }

  /** The lead's CRM takes no leads. */
  async markSkipped(id: string): Promise<void> {
    await this.rows.update({ id }, { status: 'SKIPPED' });
  }

  async markDelivered(id: string, attempts: number): Promise<void> {
    await this.rows.update({ id }, { status: 'DELIVERED', attempts, lastError: null, deliveredAt: new Date() });
  }

  /** A delivery failed: PENDING for a retry, or FAILED after the last attempt. */
  async markAttemptFailed(id: string, attempts: number, reason: string, lastAttempt: boolean): Promise<void> {
    await this.rows.update({ id }, { status: lastAttempt ? 'FAILED' : 'PENDING', attempts, lastError: reason });
  }
}
