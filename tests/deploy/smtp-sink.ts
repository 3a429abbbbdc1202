import { rename, writeFile } from 'node:fs/promises';
import { startTestSmtp } from '../support/smtp';

// The deployment check's mail server: the app processes send their login codes here (SMTP_URL), as a
// deployment sends them to its provider, and the check reads them from the saved files.
// Usage: node --import tsx tests/deploy/smtp-sink.ts MAIL_DIR URL_FILE

const [mailDir, urlFile] = process.argv.slice(2);
if (!mailDir || !urlFile) throw new Error('usage: smtp-sink.ts MAIL_DIR URL_FILE');
const smtp = await startTestSmtp({ saveTo: mailDir });
// Written aside and renamed: the script waiting for the file never reads half an address.
await writeFile(`${urlFile}.part`, smtp.url);
await rename(`${urlFile}.part`, urlFile);
const stop = () => void smtp.close().finally(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
