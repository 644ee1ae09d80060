import { DataSource } from 'typeorm';
import { JobQueueService, QueueNotDefinedError } from '../../src/jobs/job-queue.service.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { until } from '../support/poll.js';

describe(JobQueueService.name, () => {
  let sut: TestApp;

  beforeAll(async () => {
    sut = await startTestApp();
  });

  afterAll(async () => {
    await sut?.close();
  });

  it('refuses to send to a queue this process has not defined, instead of waiting on the caller’s transaction', async () => {
    const jobs = sut.app.get(JobQueueService);
    await expect(
      sut.app.get(DataSource).transaction((manager) => jobs.send('digest', { week: 48 }, { manager })),
    ).rejects.toBeInstanceOf(QueueNotDefinedError);
  });

  it('runs a job sent inside a transaction once that commits, with retries after a failure', async () => {
    const jobs = sut.app.get(JobQueueService);
    await jobs.define('probe', { retryLimit: 1, retryDelaySeconds: 1, expireInSeconds: 30 });
    const runs: Array<{ data: { n: number }; retryCount: number; lastAttempt: boolean }> = [];
    await jobs.work<{ n: number }>('probe', async (job) => {
      runs.push({ data: job.data, retryCount: job.retryCount, lastAttempt: job.lastAttempt });
      if (job.retryCount === 0) throw new Error('first attempt fails');
    });
    const id = await sut.app.get(DataSource).transaction((manager) => jobs.send('probe', { n: 7 }, { manager }));
    jobs.wake('probe');
    await until('job completed', async () => (await jobs.state('probe', id!)) === 'completed', Boolean, { timeoutMs: 20_000 });
    expect(runs).toEqual([
      { data: { n: 7 }, retryCount: 0, lastAttempt: false },
      { data: { n: 7 }, retryCount: 1, lastAttempt: true },
    ]);
  });
});
