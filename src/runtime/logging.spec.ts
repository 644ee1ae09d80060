import { ConsoleLogger, Logger } from '@nestjs/common';
import type { AppConfig } from '../config/config.js';
import { jsonLogsFromTheStart } from './logging.js';

describe(jsonLogsFromTheStart.name, () => {
  const config = (isProduction: boolean) => ({ isProduction, LOG_LEVEL: 'info' }) as AppConfig;
  afterEach(() => Logger.overrideLogger(new ConsoleLogger()));

  function capture(isProduction: boolean): string[] {
    const lines: string[] = [];
    jsonLogsFromTheStart(config(isProduction), { write: (line: string) => lines.push(line) });
    return lines;
  }

  it('makes what Nest logs before the app’s logger (a module’s forRoot) a pino JSON line in production', () => {
    const lines = capture(true);
    new Logger('I18nService').log('No resolvers provided.');
    Logger.warn('careful', 'Main');
    new Logger('Boot').error('it broke', 'Error: it broke\n    at here', 'Boot');
    expect(lines.map((line) => JSON.parse(line) as Record<string, unknown>)).toEqual([
      expect.objectContaining({ level: 30, context: 'I18nService', msg: 'No resolvers provided.', pid: process.pid }),
      expect.objectContaining({ level: 40, context: 'Main', msg: 'careful' }),
      expect.objectContaining({ level: 50, context: 'Boot', msg: 'it broke', stack: 'Error: it broke\n    at here' }),
    ]);
    expect(lines.every((line) => line.endsWith('\n') && !line.slice(0, -1).includes('\n'))).toBe(true);
  });

  it('keeps LOG_LEVEL: debug lines are not written at info', () => {
    const lines = capture(true);
    new Logger('Quiet').debug('details');
    expect(lines).toEqual([]);
  });

  it('leaves development’s readable lines alone', () => {
    const lines = capture(false);
    const write = jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
    try {
      new Logger('Dev').log('hello');
    } finally {
      write.mockRestore();
    }
    expect(lines).toEqual([]);
  });
});
