import { z } from 'zod';
import { parseAddressList } from './payments/addresses';

// Configuration comes only from the environment and is checked once at start, so a typo stops the
// server with a readable list instead of surfacing later as a strange runtime failure.

/** The demo's admin password (README): public, so no deployment may keep it. */
export const DEMO_ADMIN_PASSWORD = 'admin123';

/** A comma-separated list of values (CIDR ranges), trimmed, empty parts dropped; undefined when unset. */
function commaList() {
  return z
    .string()
    .optional()
    .transform((v) =>
      v
        ? v
            .split(',')
            .map((part) => part.trim())
            .filter(Boolean)
        : undefined,
    );
}

const port = z.coerce
  .number({ error: 'должен быть числом' })
  .int('должен быть целым числом')
  .min(0, 'должен быть от 0 до 65535')
  .max(65535, 'должен быть от 0 до 65535');

const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .refine((v) => v === undefined || isUrlWithProtocol(v, protocols), {
      error: `должен быть адресом вида ${protocols.map((p) => `${p}//…`).join(' или ')}`,
    });

const envSchema = z
  .object({
    PORT: port.default(8080),
    HOST: z.string().trim().min(1).default('0.0.0.0'),
    DATABASE_URL: optionalUrl(['postgres:', 'postgresql:']),
    /**
     * Connections each process keeps to PostgreSQL; by default four per CPU core, 8 to 20
     * (defaultPoolSize in storage/db.ts).
     */
    DATABASE_POOL_SIZE: z.coerce
      .number({ error: 'должен быть числом' })
      .int('должен быть целым числом')
      .min(1, 'должен быть от 1 до 100')
      .max(100, 'должен быть от 1 до 100')
      .optional(),
    DATA_DIR: z.string().trim().min(1, 'не может быть пустым').default('./data'),
    /** Media files; several processes share one directory. Defaults to DATA_DIR/media. */
    MEDIA_DIR: z.string().trim().min(1, 'не может быть пустым').optional(),
    SMTP_URL: optionalUrl(['smtp:', 'smtps:']),
    MAIL_FROM: z.string().trim().min(3).default('Экскурсии по Крыму <no-reply@krym-excursions.local>'),
    JWT_SECRET: z
      .string()
      .optional()
      .transform((v) => (v === '' ? undefined : v))
      .refine((v) => v === undefined || v.length >= 32, { error: 'должен быть не короче 32 символов' }),
    PUBLIC_URL: optionalUrl(['http:', 'https:']),
    PAYMENT_PROVIDER: z
      .enum(['test', 'yookassa'], { error: "должен быть 'test' или 'yookassa'" })
      .default('test'),
    YOOKASSA_SHOP_ID: z.string().trim().optional(),
    YOOKASSA_SECRET_KEY: z.string().trim().optional(),
    YOOKASSA_API_URL: z.url({ error: 'должен быть адресом' }).default('https://api.yookassa.ru/v3'),
    /** The vat_code of every 54-FZ receipt item (YooKassa's table: 1 is "без НДС"). */
    YOOKASSA_VAT_CODE: z.coerce
      .number({ error: 'должен быть числом' })
      .int('должен быть целым числом')
      .min(1, 'должен быть от 1 до 10')
      .max(10, 'должен быть от 1 до 10')
      .default(1),
    /** How long one request to YooKassa waits for its answer before it is tried again. */
    YOOKASSA_TIMEOUT_MS: z.coerce
      .number({ error: 'должен быть числом' })
      .int('должен быть целым числом')
      .min(100, 'должен быть от 100 до 120000')
      .max(120_000, 'должен быть от 100 до 120000')
      .default(10_000),
    /** Comma-separated CIDR ranges allowed to send payment notifications; the provider's own by default. */
    PAYMENT_WEBHOOK_IPS: commaList(),
    /**
     * Comma-separated CIDR ranges of reverse proxies (nginx) whose X-Forwarded-For names the client;
     * unset means the socket peer is the client. Behind a proxy every client otherwise shares its
     * address, and with it the per-address rate limits.
     */
    TRUSTED_PROXIES: commaList(),
    REFERRAL_BONUS_PERCENT: z.coerce
      .number({ error: 'должен быть числом' })
      .min(0, 'должен быть от 0 до 100')
      .max(100, 'должен быть от 0 до 100')
      .default(5),
    HOLD_SWEEP_SECONDS: z.coerce.number({ error: 'должен быть числом' }).int().min(1).max(3600).default(30),
    /** The hour (Crimean time) of the day before a departure when its evening reminder goes out. */
    REMINDER_EVENING_HOUR: z.coerce
      .number({ error: 'должен быть числом' })
      .int('должен быть целым числом')
      .min(0, 'должен быть от 0 до 23')
      .max(23, 'должен быть от 0 до 23')
      .default(19),
    /** How many minutes before a departure its last reminder goes out. */
    REMINDER_BEFORE_MINUTES: z.coerce
      .number({ error: 'должен быть числом' })
      .int('должен быть целым числом')
      .min(1, 'должен быть от 1 до 1440')
      .max(1440, 'должен быть от 1 до 1440')
      .default(120),
    /**
     * The Web Push (VAPID) key pair, base64url: both or neither. Without them the server generates a
     * pair once and keeps it under DATA_DIR (services/push.ts).
     */
    VAPID_PUBLIC_KEY: z
      .string()
      .trim()
      .optional()
      .refine((v) => v === undefined || base64urlBytes(v) === 65, {
        error: 'должен быть открытым ключом P-256 в base64url (65 байт)',
      }),
    VAPID_PRIVATE_KEY: z
      .string()
      .trim()
      .optional()
      .refine((v) => v === undefined || base64urlBytes(v) === 32, {
        error: 'должен быть закрытым ключом P-256 в base64url (32 байта)',
      }),
    /** Who the push services may contact about this sender: a mailto: or an https:// address. */
    VAPID_SUBJECT: z
      .string()
      .trim()
      .optional()
      .refine((v) => v === undefined || /^mailto:.+@.+/i.test(v) || isUrlWithProtocol(v, ['https:']), {
        error: 'должен быть адресом вида mailto:… или https://…',
      }),
    ADMIN_EMAIL: z.email({ error: 'должен быть адресом электронной почты' }).default('admin@example.ru'),
    ADMIN_PASSWORD: z.string().min(6, 'должен быть не короче 6 символов').default(DEMO_ADMIN_PASSWORD),
    DEMO_DATA: z.enum(['on', 'off'], { error: "должен быть 'on' или 'off'" }).default('on'),
    LOG_LEVEL: z.enum(['silent', 'error', 'info', 'debug'], { error: 'неизвестный уровень' }).default('info'),
    /**
     * How log lines are written: one JSON object per line for a log collector, or readable text for a
     * person at a terminal. Unset: JSON when NODE_ENV=production, text otherwise.
     */
    LOG_FORMAT: z.enum(['json', 'text'], { error: "должен быть 'json' или 'text'" }).optional(),
    /**
     * Failed sign-in steps (a wrong password or code) one network address may make in 15 minutes
     * before it waits. A hotel's Wi-Fi or a mobile carrier's NAT puts hundreds of people behind one
     * address, so this is generous; each account keeps its own strict limit whatever the address.
     */
    AUTH_FAILURES_PER_ADDRESS: z.coerce
      .number({ error: 'должен быть числом' })
      .int('должен быть целым числом')
      .min(1, 'должен быть от 1 до 100000')
      .max(100_000, 'должен быть от 1 до 100000')
      .default(300),
    /**
     * The Bearer token GET /metrics asks for. Unset: /metrics is off (404), so a deployment never
     * shows its figures to the world by accident.
     */
    METRICS_TOKEN: z
      .string()
      .trim()
      .optional()
      .transform((v) => (v === '' ? undefined : v))
      .refine((v) => v === undefined || v.length >= 16, { error: 'должен быть не короче 16 символов' }),
  })
  .superRefine((env, ctx) => {
    try {
      if (env.PAYMENT_WEBHOOK_IPS) parseAddressList(env.PAYMENT_WEBHOOK_IPS);
    } catch (error) {
      ctx.addIssue({
        code: 'custom',
        path: ['PAYMENT_WEBHOOK_IPS'],
        message: `: ${(error as Error).message}`,
      });
    }
    try {
      if (env.TRUSTED_PROXIES) parseAddressList(env.TRUSTED_PROXIES);
    } catch (error) {
      ctx.addIssue({ code: 'custom', path: ['TRUSTED_PROXIES'], message: (error as Error).message });
    }
    if ((env.VAPID_PUBLIC_KEY === undefined) !== (env.VAPID_PRIVATE_KEY === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.VAPID_PUBLIC_KEY === undefined ? 'VAPID_PUBLIC_KEY' : 'VAPID_PRIVATE_KEY'],
        message: `задаётся вместе с ${env.VAPID_PUBLIC_KEY === undefined ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'}`,
      });
    }
    if (env.PAYMENT_PROVIDER === 'yookassa' && (!env.YOOKASSA_SHOP_ID || !env.YOOKASSA_SECRET_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: ['YOOKASSA_SHOP_ID'],
        message: 'и YOOKASSA_SECRET_KEY обязательны при PAYMENT_PROVIDER=yookassa',
      });
    }
  });

export type Config = z.output<typeof envSchema>;

/** Every environment variable the server reads (`.env.example` lists each one). */
export const CONFIG_KEYS = Object.keys(envSchema.shape) as (keyof Config)[];

/** How many bytes a base64url text holds; -1 when it is not base64url. */
function base64urlBytes(value: string): number {
  if (!/^[A-Za-z0-9_-]+$/.test(value)) return -1;
  return Buffer.from(value, 'base64url').length;
}

function isUrlWithProtocol(value: string, protocols: string[]): boolean {
  try {
    return protocols.includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Неверная конфигурация:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * What a deployment must not inherit from the demo. An `https://` PUBLIC_URL means real users reach
 * this server, so the demo's admin password and the test card form (which "pays" for anything)
 * are refused unless the test provider is chosen on purpose; the plain demo (no PUBLIC_URL, or an
 * http:// one) keeps its defaults. Read from the raw variables: a default cannot tell "unset" from
 * "set to the same value".
 */
export function deploymentProblems(known: Record<string, string | undefined>): string[] {
  const publicUrl = known.PUBLIC_URL?.trim() ?? '';
  if (!/^https:\/\//i.test(publicUrl)) return [];
  const problems: string[] = [];
  const password = known.ADMIN_PASSWORD;
  if (password === undefined || password === DEMO_ADMIN_PASSWORD) {
    problems.push(
      `ADMIN_PASSWORD=${JSON.stringify(password ?? '')}: при PUBLIC_URL с https:// нужен свой пароль администратора, не демонстрационный ${DEMO_ADMIN_PASSWORD}`,
    );
  }
  if (known.PAYMENT_PROVIDER === undefined) {
    problems.push(
      'PAYMENT_PROVIDER="": при PUBLIC_URL с https:// задайте PAYMENT_PROVIDER=yookassa, или PAYMENT_PROVIDER=test, если тестовая оплата нужна намеренно',
    );
  }
  return problems;
}

/** Reads the configuration from an environment map; throws ConfigError listing every bad variable. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const known = Object.fromEntries(CONFIG_KEYS.map((key) => [key, env[key] === '' ? undefined : env[key]]));
  const parsed = envSchema.safeParse(known);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((issue) => {
        const key = issue.path.join('.') || 'окружение';
        return `${key}=${JSON.stringify(env[String(issue.path[0])] ?? '')}: ${issue.message}`;
      });
  problems.push(...deploymentProblems(known));
  if (parsed.success && problems.length === 0) return parsed.data;
  throw new ConfigError(problems);
}
