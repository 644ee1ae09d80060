import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';

/**
 * One transaction across several aggregates (an inquiry, its mail, its lead and the submission's claim): repositories
 * write through the manager it hands out. The embedded database is one session, so inside `work` only that manager
 * may be used.
 */
@Injectable()
export class UnitOfWorkService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  run<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }
}
