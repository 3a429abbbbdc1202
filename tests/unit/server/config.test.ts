import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../src/server/config';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('configuration from the environment', () => {
  it('runs with no variables at all: port 8080, ./data, embedded database, test payments', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(8080);
    expect(config.DATA_DIR).toBe('./data');
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SMTP_URL).toBeUndefined();
    expect(config.PAYMENT_PROVIDER).toBe('test');
    expect(config.ADMIN_EMAIL).toBe('admin@example.ru');
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).PORT).toBe(8080);
  });

  it('reads the port and the database address', () => {
    const config = loadConfig({ PORT: '3000', DATABASE_URL: 'postgres://u@db:5432/x' });
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBe('postgres://u@db:5432/x');
  });

  it('lists every wrong variable in one readable message', () => {
    const problems = problemsOf({ PORT: 'восемь', DATABASE_URL: 'mysql://x', PAYMENT_PROVIDER: 'paypal' });
    expect(problems).toHaveLength(3);
    expect(problems.find((p) => p.startsWith('PORT="восемь"'))).toContain('числом');
    expect(problems.find((p) => p.startsWith('DATABASE_URL='))).toContain('postgres://');
    expect(problems.find((p) => p.startsWith('PAYMENT_PROVIDER='))).toContain("'test' или 'yookassa'");
  });

  it('refuses a port out of range, a short JWT secret and a bad admin e-mail', () => {
    const problems = problemsOf({ PORT: '70000', JWT_SECRET: 'short', ADMIN_EMAIL: 'not-an-email' });
    expect(problems.map((p) => p.split('=')[0])).toEqual(['PORT', 'JWT_SECRET', 'ADMIN_EMAIL']);
  });

  it('needs the shop id and the secret key when payments go through YooKassa', () => {
    expect(problemsOf({ PAYMENT_PROVIDER: 'yookassa' })[0]).toContain('YOOKASSA_SECRET_KEY');
    expect(
      loadConfig({ PAYMENT_PROVIDER: 'yookassa', YOOKASSA_SHOP_ID: '1', YOOKASSA_SECRET_KEY: 'k' })
        .PAYMENT_PROVIDER,
    ).toBe('yookassa');
  });

  it('takes a PostgreSQL pool size from 1 to 100, and leaves it to the machine when unset', () => {
    expect(loadConfig({ DATABASE_POOL_SIZE: '12' }).DATABASE_POOL_SIZE).toBe(12);
    expect(loadConfig({ DATABASE_POOL_SIZE: '' }).DATABASE_POOL_SIZE).toBeUndefined();
    expect(loadConfig({}).DATABASE_POOL_SIZE).toBeUndefined();
    expect(problemsOf({ DATABASE_POOL_SIZE: '0' })[0]).toContain('от 1 до 100');
    expect(problemsOf({ DATABASE_POOL_SIZE: '101' })[0]).toContain('от 1 до 100');
    expect(problemsOf({ DATABASE_POOL_SIZE: 'два' })[0]).toContain('числом');
    expect(problemsOf({ DATABASE_POOL_SIZE: '2.5' })[0]).toContain('целым');
  });
});
