import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager, In, IsNull, MoreThan, Not, type Repository } from 'typeorm';
import type { SourceName } from '../estates/domain/estate.js';
import { EstateEntity } from '../estates/persistence/estate.entity.js';
import { AppointmentEntity } from './appointment.entity.js';

/** What the sync sets on an appointment; the row's timestamps are the database's. */
export type AppointmentRow = Omit<AppointmentEntity, 'createdAt' | 'updatedAt'>;

/** Viewing appointments. Methods that take a manager run inside the caller's transaction. */
@Injectable()
export class AppointmentRepository {
  private readonly rows: Repository<AppointmentEntity>;

  constructor(@InjectDataSource() dataSource: DataSource) {
    this.rows = dataSource.getRepository(AppointmentEntity);
  }

  findByPublicId(publicId: string): Promise<AppointmentEntity | null> {
    return this.rows.findOneBy({ publicId });
  }

  /** Read again inside a transaction that changed it. */
  getByPublicId(manager: EntityManager, publicId: string): Promise<AppointmentEntity> {
    return manager.findOneByOrFail(AppointmentEntity, { publicId });
  }

  /** Planned, future appointments with a visitor's address that no one confirmed yet (of one source), soonest first. */
  findUnconfirmed(source?: SourceName): Promise<AppointmentEntity[]> {
    return this.rows.find({
      where: { ...(source ? { source } : {}), status: 'PLANNED', confirmation: IsNull(), startsAt: MoreThan(new Date()), visitorEmail: Not('') },
      order: { startsAt: 'ASC' },
    });
  }

  /** The visitor cancels a planned, future visit; false when it is not (any more). */
  async cancelByVisitor(manager: EntityManager, publicId: string, reason: string | null): Promise<boolean> {
    // One statement decides: of two cancels at once, only one changes the row.
    const [rows] = (await manager.query(
      `UPDATE appointments SET status = 'CANCELLED', cancelled_at = now(), cancelled_by = 'VISITOR', cancel_reason = $2, updated_at = now()
       WHERE public_id = $1 AND status = 'PLANNED' AND starts_at > now() RETURNING id`,
      [publicId, reason],
    )) as [Array<{ id: string }>, number];
    return rows.length > 0;
  }

  /** Marks a planned, future, unconfirmed visit as confirmed by the site; false when it is not such a visit (any more). */
  async claimSiteConfirmation(manager: EntityManager, id: string): Promise<boolean> {
    // One statement decides: of two processes (or a cancel meanwhile), only one confirms, and only a planned visit.
    const [claimed] = (await manager.query(
      `UPDATE appointments SET confirmation = 'SITE', updated_at = now()
       WHERE id = $1 AND confirmation IS NULL AND status = 'PLANNED' AND starts_at > now() AND visitor_email <> '' RETURNING id`,
      [id],
    )) as [unknown[], number];
    return claimed.length > 0;
  }

  async setConfirmationMail(manager: EntityManager, id: string, mailId: string): Promise<void> {
    await manager.update(AppointmentEntity, { id }, { confirmationMailId: mailId });
  }

  /**
   * The site ids of a source's listings by their CRM ids, read in the sync's transaction. Read here, not through
   * EstateRepository: the catalogue's module imports this one, so its repository is not injectable here.
   */
  async listingIds(manager: EntityManager, source: SourceName, sourceIds: readonly string[]): Promise<Map<string, number>> {
    if (sourceIds.length === 0) return new Map();
    const estates = await manager.find(EstateEntity, { select: { id: true, sourceId: true }, where: { source, sourceId: In([...sourceIds]) } });
    return new Map(estates.map((estate) => [estate.sourceId, estate.id]));
  }

  async findBySourceIds(manager: EntityManager, source: SourceName, sourceIds: readonly string[]): Promise<AppointmentEntity[]> {
    return sourceIds.length ? manager.find(AppointmentEntity, { where: { source, sourceId: In([...sourceIds]) } }) : [];
  }

  async add(manager: EntityManager, row: AppointmentRow): Promise<void> {
    await manager.insert(AppointmentEntity, row);
  }

  async update(manager: EntityManager, id: string, changes: Partial<AppointmentRow>): Promise<void> {
    await manager.update(AppointmentEntity, { id }, changes);
  }
}
