import { DatabaseUnavailableError } from './database-unavailable.error.js';

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe(DatabaseUnavailableError.name, () => {
  it.each([
    ['a refused connection', withCode('ECONNREFUSED')],
    ['a reset connection', withCode('ECONNRESET')],
    ['a connection exception (SQLSTATE class 08)', withCode('08006')],
    ['a server shutting down', withCode('57P01')],
    ['too many connections', withCode('53300')],
    ['a statement cancelled by statement_timeout', withCode('57014')],
    ['no free connection in time', new Error('timeout exceeded when trying to connect')],
    ['a connection lost mid-query', new Error('Connection terminated unexpectedly')],
    ['a data source that was closed', new Error('Driver not Connected')],
    ['a driver error wrapped by TypeORM', Object.assign(new Error('query failed'), { driverError: withCode('57P03') })],
  ])('recognizes %s', (_what, error) => {
    const sut = DatabaseUnavailableError.from(error);
    expect(sut).toBeInstanceOf(DatabaseUnavailableError);
    expect(sut!.cause).toBe(error);
    expect(sut!.retryAfterSeconds).toBeGreaterThan(0);
  });

  it.each([
    ['a unique violation', withCode('23505')],
    ['a syntax error', withCode('42601')],
    ['a plain bug', new TypeError('x is undefined')],
    ['nothing', undefined],
  ])('leaves %s alone', (_what, error) => {
    expect(DatabaseUnavailableError.from(error)).toBeNull();
  });
});
