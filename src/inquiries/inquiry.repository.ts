import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { InquiryEntity } from './inquiry.entity.js';

/** Visitors' inquiries. Stored only inside the caller's transaction, with the mail and lead they cause. */
@Injectable()
export class InquiryRepository {
  /** Stores the inquiry; its new id (the mail it causes refers to it). */
  async add(manager: EntityManager, inquiry: Omit<InquiryEntity, 'id' | 'createdAt'>): Promise<string> {
    const id = randomUUID();
    await manager.insert(InquiryEntity, { ...inquiry, id });
    return id;
  }
}
