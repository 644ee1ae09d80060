import { Module } from '@nestjs/common';
import { HealthController } from './health.controller.js';

/** Liveness and readiness for the orchestrator. */
@Module({
  controllers: [HealthController],
})
export class HealthModule {}
