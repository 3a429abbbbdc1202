import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../src/server/config';

// A deployment (an https:// PUBLIC_URL) may not run on the demo's admin password or, unless asked
// for by name, on the test card form; the demo itself keeps both defaults.

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

const DEPLOYMENT = { PUBLIC_URL: 'https://excursions.example.ru' };

describe('a deployment on the demo defaults', () => {
  it('lists both the demo admin password and the implicit test provider', () => {
    const problems = problemsOf(DEPLOYMENT);
    expect(problems.map((p) => p.split('=')[0])).toEqual(['ADMIN_PASSWORD', 'PAYMENT_PROVIDER']);
    expect(problems[0]).toContain('пароль администратора');
    expect(problems[1]).toContain('PAYMENT_PROVIDER=test');
  });

  it('refuses admin123 set explicitly as well as unset', () => {
    const problems = problemsOf({ ...DEPLOYMENT, ADMIN_PASSWORD: 'admin123', PAYMENT_PROVIDER: 'test' });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^ADMIN_PASSWORD="admin123": /);
  });

  it('lists the deployment problems together with the other wrong variables', () => {
    const problems = problemsOf({ ...DEPLOYMENT, PORT: 'восемь' });
    expect(problems.map((p) => p.split('=')[0])).toEqual(['PORT', 'ADMIN_PASSWORD', 'PAYMENT_PROVIDER']);
  });

  it('starts with its own password and the test provider chosen by name, or with YooKassa', () => {
    expect(
      loadConfig({ ...DEPLOYMENT, ADMIN_PASSWORD: 'a-real-secret', PAYMENT_PROVIDER: 'test' })
        .PAYMENT_PROVIDER,
    ).toBe('test');
    expect(
      loadConfig({
        ...DEPLOYMENT,
        ADMIN_PASSWORD: 'a-real-secret',
        PAYMENT_PROVIDER: 'yookassa',
        YOOKASSA_SHOP_ID: '1',
        YOOKASSA_SECRET_KEY: 'k',
      }).PAYMENT_PROVIDER,
    ).toBe('yookassa');
  });

  it('leaves the demo alone: no PUBLIC_URL, or an http:// one', () => {
    expect(loadConfig({}).ADMIN_PASSWORD).toBe('admin123');
    expect(loadConfig({ PUBLIC_URL: 'http://localhost:8080' }).PAYMENT_PROVIDER).toBe('test');
  });
});
