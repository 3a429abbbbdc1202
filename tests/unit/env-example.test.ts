import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_KEYS, ConfigError, loadConfig } from '../../src/server/config';
import { HASHED_FOLDERS } from '../../src/server/http/precompressed';

// `.env.example` is the deployment's EnvironmentFile template (docs/DEPLOY.md): it names every
// variable the server reads and nothing else, and a copy left unedited refuses to start.

const root = resolve(import.meta.dirname, '../..');
const example = readFileSync(join(root, '.env.example'), 'utf8');
const unit = readFileSync(join(root, 'docs/deploy/krym-excursions@.service'), 'utf8');

/** Read outside CONFIG_KEYS, and meant for the deployment: the unit sets it. */
const RUNTIME_EXTRAS = ['NODE_ENV'];

/**
 * Read by the start or build scripts but not part of a deployment's environment: a forced rebuild
 * and a second client build folder (the e2e runs), the build label (set at build time, by npm).
 */
const NOT_DEPLOYMENT = ['FORCE_BUILD', 'DIST_DIR', 'APP_BUILD_LABEL', 'npm_package_version'];

/** The names a file lists, set or commented out (`# NAME=…`). */
function listedNames(text: string): string[] {
  return [...text.matchAll(/^#?[ \t]*([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1] as string);
}

/** The variables systemd's EnvironmentFile= reads from `text`: KEY=value lines, quotes removed. */
function environmentFile(text: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith(';')) continue;
    const eq = line.indexOf('=');
    const value = line.slice(eq + 1).trim();
    env[line.slice(0, eq).trim()] = /^(["']).*\1$/.test(value) ? value.slice(1, -1) : value;
  }
  return env;
}

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
}

/**
 * What a deployment runs: the server, and the scripts of `npm start`, `npm run build`, `npm run admin`,
 * `backup` and `restore` (the other scripts are development tools).
 */
const DEPLOYED = [
  'src/server',
  'scripts/vite',
  ...[
    'launch.mjs',
    'start.ts',
    'client-build.ts',
    'server-build.ts',
    'admin.ts',
    'backup.ts',
    'restore.ts',
  ].map((name) => `scripts/${name}`),
];

/** The files of `paths` (folders searched through), TypeScript and JavaScript. */
function sourceFiles(path: string): string[] {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx|mjs|js)$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** Every `process.env.NAME` (or `process.env['NAME']`) the deployed code reads. */
function envReads(): string[] {
  const names: string[] = [];
  for (const file of DEPLOYED.flatMap((path) => sourceFiles(join(root, path)))) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(
      /process\.env(?:\.([A-Za-z_][A-Za-z0-9_]*)|\[['"]([A-Za-z_][A-Za-z0-9_]*)['"]\])/g,
    ))
      names.push((m[1] ?? m[2]) as string);
  }
  return names;
}

describe('.env.example', () => {
  const listed = listedNames(example);

  it('lists every variable of the configuration', () => {
    expect(CONFIG_KEYS.filter((key) => !listed.includes(key))).toEqual([]);
  });

  it('names nothing the server does not read, and each variable once', () => {
    const known: string[] = [...CONFIG_KEYS, ...RUNTIME_EXTRAS];
    expect(listed.filter((name) => !known.includes(name))).toEqual([]);
    expect(listed.filter((name, i) => listed.indexOf(name) !== i)).toEqual([]);
  });

  it('covers every environment variable the server and the scripts a deployment runs read', () => {
    const reads = new Set(envReads());
    expect(reads).toContain('NODE_ENV');
    const unaccounted = [...reads].filter((name) => !listed.includes(name) && !NOT_DEPLOYMENT.includes(name));
    expect(unaccounted).toEqual([]);
  });

  it('refuses to start until its CHANGE_ME values, the admin password and the YooKassa keys are set', () => {
    const problems = problemsOf(environmentFile(example)).map((p) => p.split('=')[0]);
    expect(problems).toEqual(
      expect.arrayContaining([
        'JWT_SECRET',
        'VAPID_PUBLIC_KEY',
        'VAPID_PRIVATE_KEY',
        'YOOKASSA_SHOP_ID',
        'ADMIN_PASSWORD',
      ]),
    );
  });

  it('starts once those are filled in, with the values a deployment behind nginx needs', () => {
    const env = {
      ...environmentFile(example),
      DATABASE_URL: 'postgres://krym:secret@127.0.0.1:5432/krym',
      JWT_SECRET: 'x'.repeat(48),
      VAPID_PUBLIC_KEY: Buffer.alloc(65, 4).toString('base64url'),
      VAPID_PRIVATE_KEY: Buffer.alloc(32, 7).toString('base64url'),
      ADMIN_PASSWORD: 'a-strong-admin-password',
      YOOKASSA_SHOP_ID: '123456',
      YOOKASSA_SECRET_KEY: 'live_secret',
    };
    const config = loadConfig(env);
    expect(config.PUBLIC_URL).toBe('https://excursions.example.ru');
    expect(config.PAYMENT_PROVIDER).toBe('yookassa');
    expect(config.TRUSTED_PROXIES).toEqual(['127.0.0.1/32']);
    expect(config.DEMO_DATA).toBe('off');
    expect(config.MAIL_FROM).toBe('Экскурсии по Крыму <no-reply@excursions.example.ru>');
  });

  it('leaves to the systemd units only variables the server reads', () => {
    const units = unit + readFileSync(join(root, 'docs/deploy/krym-excursions-backup.service'), 'utf8');
    const set = [...units.matchAll(/^Environment=([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1] as string);
    expect(set.length).toBeGreaterThan(0);
    expect(set.filter((name) => !listed.includes(name))).toEqual([]);
  });
});

describe('docs/DEPLOY.md', () => {
  const guide = readFileSync(join(root, 'docs/DEPLOY.md'), 'utf8');
  const blocks = [...guide.matchAll(/^```[a-z]*\n([\s\S]*?)^```$/gm)].map((m) => m[1]);

  it.each(['krym-excursions@.service', 'krym-excursions.nginx.conf'])(
    'shows docs/deploy/%s exactly as the file it tells to copy',
    (name) => {
      expect(blocks).toContain(readFileSync(join(root, 'docs/deploy', name), 'utf8'));
    },
  );

  it("passes the browser's encodings on for the build's hashed folders, and for those only", () => {
    const site = readFileSync(join(root, 'docs/deploy/krym-excursions.nginx.conf'), 'utf8');
    const folders = /^\s*~\^\/\(([a-z|]+)\)\/\s+\$http_accept_encoding;$/m.exec(site)?.[1]?.split('|');
    expect(folders).toEqual([...HASHED_FOLDERS]);
  });
});
