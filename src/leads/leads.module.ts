import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { LeadEntity } from './lead.entity.js';
import { LeadRepository } from './lead.repository.js';
import { LeadsService } from './leads.service.js';

/** The lead channel: every visitor submission, stored and delivered to the CRM by a job. */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([LeadEntity])],
  providers: [LeadRepository, LeadsService],
  exports: [LeadsService, LeadRepository],
})
export class LeadsModule {}
