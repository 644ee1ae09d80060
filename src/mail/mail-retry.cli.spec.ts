import { UsageError } from '../runtime/cli.js';
import { mailIdsFrom } from './mail-retry.cli.js';

const A = '0b6f2c1e-6f0e-4a51-9d4e-1f2a3b4c5d6e';
const B = '7d1c9a40-2b3e-4f5a-8c6d-9e0f1a2b3c4d';

describe(mailIdsFrom.name, () => {
  it('re-queues every failed mail without arguments', () => {
    expect(mailIdsFrom([])).toEqual([]);
  });

  it('takes the ids after each --id, in either spelling', () => {
    expect(mailIdsFrom(['--id', A, `--id=${B.toUpperCase()}`])).toEqual([A, B]);
  });

  it.each([[['--all']], [['--id']], [['--id', 'a1']], [[A]]])('refuses %j as a wrong command line, with the usage', (args) => {
    expect(() => mailIdsFrom(args)).toThrow(UsageError);
    expect(() => mailIdsFrom(args)).toThrow('usage: npm run mail:retry');
  });
});
