import { z } from 'zod';

// Configuration comes only from the environment and is checked once at start, so a typo stops the
// server with a readable list instead of surfacing later as a strange runtime failure.

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
    DATA_DIR: z.string().trim().min(1, 'не может быть пустым').default('./data'),
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
    ADMIN_EMAIL: z.email({ error: 'должен быть адресом электронной почты' }).default('admin@example.ru'),
    ADMIN_PASSWORD: z.string().min(6, 'должен быть не короче 6 символов').default('admin123'),
    DEMO_DATA: z.enum(['on', 'off'], { error: "должен быть 'on' или 'off'" }).default('on'),
    LOG_LEVEL: z.enum(['silent', 'error', 'info', 'debug'], { error: 'неизвестный уровень' }).default('info'),
  })
  .superRefine((env, ctx) => {
    if (env.PAYMENT_PROVIDER === 'yookassa' && (!env.YOOKASSA_SHOP_ID || !env.YOOKASSA_SECRET_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: ['YOOKASSA_SHOP_ID'],
        message: 'и YOOKASSA_SECRET_KEY обязательны при PAYMENT_PROVIDER=yookassa',
      });
    }
  });

export type Config = z.output<typeof envSchema>;

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

/** Reads the configuration from an environment map; throws ConfigError listing every bad variable. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const known = Object.fromEntries(
    Object.keys(envSchema.shape).map((key) => [key, env[key] === '' ? undefined : env[key]]),
  );
  const parsed = envSchema.safeParse(known);
  if (parsed.success) return parsed.data;
  throw new ConfigError(
    parsed.error.issues.map((issue) => {
      const key = issue.path.join('.') || 'окружение';
      return `${key}=${JSON.stringify(env[String(issue.path[0])] ?? '')}: ${issue.message}`;
    }),
  );
}
