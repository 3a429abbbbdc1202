import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../../protocol/auth';

// Every Russian text of the operator's commands (npm run admin, backup, restore), in one place.

export const ADMIN_USAGE = [
  'Использование: npm run admin -- <команда> …',
  '',
  'Команды:',
  '  create EMAIL [--role tourist|seller|admin] [--name ИМЯ]',
  '      создать подтверждённый аккаунт (по умолчанию — администратора)',
  '  reset-password EMAIL',
  '      задать новый пароль; все прежние входы в аккаунт завершатся',
  '  promote EMAIL [--admin]',
  '      сделать продавцом, с --admin — администратором',
  '  demote EMAIL',
  '      сделать обычным пользователем; прежние входы в аккаунт завершатся',
  '',
  'Пароль не передаётся аргументом: в терминале его спросят дважды (ввод не отображается),',
  'иначе он читается одной строкой со стандартного ввода.',
].join('\n');

export const BACKUP_USAGE = 'Использование: npm run backup [-- --out ФАЙЛ]';
export const RESTORE_USAGE = 'Использование: npm run restore ФАЙЛ';

export const OPS_TEXTS = {
  unknownCommand: (command: string) => `Неизвестная команда: ${command}`,
  unknownOption: (option: string) => `Неизвестный параметр: ${option}`,
  missingValue: (option: string) => `У параметра ${option} нет значения`,
  extraArgument: (value: string) => `Лишний аргумент: ${value}`,
  badEmail: 'Укажите e-mail в формате name@example.ru',
  badRole: 'Роль должна быть tourist, seller или admin',
  badName: 'Имя не может быть пустым или длиннее 100 символов',
  passwordPrompt: 'Пароль: ',
  passwordRepeat: 'Повторите пароль: ',
  passwordMismatch: 'Пароли не совпадают',
  passwordEmpty: 'Пароль не введён: передайте его одной строкой на стандартный ввод',
  passwordRules: `Пароль должен быть не короче ${MIN_PASSWORD_LENGTH} и не длиннее ${MAX_PASSWORD_LENGTH} символов`,
  cancelled: 'Отменено',
  secondServer: (dataDir: string) =>
    `База в ${dataDir} уже открыта другим сервером: встроенную базу открывает один процесс; для нескольких задайте DATABASE_URL`,
  serverRunning: (dataDir: string) =>
    `База в ${dataDir} открыта запущенным сервером: остановите сервер и повторите команду`,
  created: (role: string, email: string, id: number) => `Создан аккаунт ${email} (id ${id}), роль: ${role}`,
  passwordReset: (email: string) => `Пароль ${email} изменён; все прежние входы в аккаунт завершены`,
  alreadyRole: (email: string, role: string) => `У ${email} уже роль: ${role}`,
  roleChanged: (email: string, role: string) => `Роль ${email} теперь: ${role}`,
  adminAlready: (email: string) =>
    `${email} — администратор; чтобы сделать его продавцом, сначала выполните demote`,
  bootstrapAdmin: (email: string) =>
    `${email} — администратор из ADMIN_EMAIL: сервер при запуске снова сделает его администратором. Смените ADMIN_EMAIL или оставьте роль`,
  failed: (message: string) => `Ошибка: ${message}`,
} as const;

/** How a role is shown to the operator. */
export const ROLE_NAMES: Record<string, string> = {
  user: 'турист (обычный пользователь)',
  seller: 'продавец',
  admin: 'администратор',
};

export const BACKUP_TEXTS = {
  noDatabase: (dir: string) => `В ${dir} нет базы данных: сохранять нечего`,
  toolMissing: (tool: string) =>
    `Не найдена программа ${tool}: установите клиент PostgreSQL (пакет postgresql-client) той же или более новой версии, что и сервер`,
  toolFailed: (tool: string, detail: string) => `${tool} завершился с ошибкой: ${detail}`,
  outExists: (file: string) => `Файл ${file} уже существует: укажите другой --out`,
  done: (file: string, bytes: number) => `Резервная копия сохранена: ${file} (${formatBytes(bytes)})`,
} as const;

export const RESTORE_TEXTS = {
  missingFile: (file: string) => `Файл ${file} не найден`,
  notABackup: (file: string) => `${file} — не резервная копия этого приложения (нет manifest.json)`,
  badFormat: (version: unknown) => `Неизвестный формат резервной копии: ${String(version)}`,
  engineMismatch: (archive: string, configured: string) =>
    `Копия снята с базы ${engineName(archive)}, а здесь настроена ${engineName(configured)}: восстановление невозможно`,
  newerSchema: (id: number) =>
    `Копия сделана более новой версией приложения (миграция ${id} здесь неизвестна): обновите приложение`,
  dataFolderBusy: (dir: string) =>
    `В ${dir} уже есть база данных: восстановление возможно только в пустую папку данных`,
  databaseBusy: 'База данных DATABASE_URL не пустая: восстановление возможно только в пустую базу',
  mediaBusy: (dir: string) => `В папке медиафайлов ${dir} уже есть файлы: нужна пустая папка`,
  done: (file: string, createdAt: string) => `Восстановлено из ${file} (копия от ${createdAt})`,
} as const;

export function engineName(engine: string): string {
  return engine === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : 'PGlite (встроенная)';
}

function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} КБ`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} МБ`;
}
