import { mailIdsFrom } from './mail-retry.cli.js';

describe(mailIdsFrom.name, () => {
  it('re-queues every failed mail without arguments', () => {
    expect(mailIdsFrom([])).toEqual([]);
  });

  it('takes the ids after each --id, in either spelling', () => {
    expect(mailIdsFrom(['--id', 'a1', '--id=b2'])).toEqual(['a1', 'b2']);
  });

  it('refuses what it does not know, with the usage', () => {
    expect(() => mailIdsFrom(['--all'])).toThrow('usage: npm run mail:retry');
  });
});
