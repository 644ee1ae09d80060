import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { ViewingRequestEntity } from './viewing-request.entity.js';

/** Viewing requests. Stored only inside the caller's transaction, with the mails and the lead they cause. */
@Injectable()
export class ViewingRequestRepository {
  async add(manager: EntityManager, request: Omit<ViewingRequestEntity, 'id' | 'createdAt'>): Promise<string> {
    const id = randomUUID();
    await manager.insert(ViewingRequestEntity, { ...request, id });
    return id;
  }
}
