// `npm run test:e2e`: builds the console if its inputs changed, starts a local SMTP server and the real server on free ports
// in a fresh data dir, runs Playwright in Debian's Chromium, stops everything and exits with Playwright's code.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { ROOT, freePort, run, serverAvailable, startConsoleServer } from '../e2e/support/server.mjs';
import { ensureWebBuild } from './build-web.mjs';

const ADMIN = { login: 'admin', password: 'E2e#Admin2025', email: 'admin@e2e.example.com' };
/** The live-view spec runs simulated cameras against the server's GB28181 gateway. */
const SIP_PASSWORD = 'e2e-sip-pass';

/** Every mail is written to the mail dir as one .eml file; the specs read recovery codes from there. */
async function startSmtp(mailDir) {
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks = [];
      stream.on('data', (c) => chunks.push(c));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address).join(',');
        const name = `${Date.now()}-${String(++count).padStart(3, '0')}.eml`;
        writeFileSync(join(mailDir, name), `X-E2E-To: ${to}\r\n${Buffer.concat(chunks).toString('utf8')}`);
        callback();
      });
    },
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: server.server.address().port, close: () => new Promise((resolve) => server.close(resolve)) };
}

async function main() {
  if (!existsSync(process.env.CHROME_PATH ?? '/usr/bin/chromium')) {
    // A fresh machine: install Debian's Chromium and CJK fonts the way CI does, when we may.
    if (process.getuid?.() === 0) await run('bash', ['scripts/setup-system.sh']);
    if (!existsSync(process.env.CHROME_PATH ?? '/usr/bin/chromium')) {
      console.error('Debian chromium is missing: apt-get update && apt-get install -y chromium fonts-noto-cjk');
      return 1;
    }
  }
  if (!serverAvailable()) {
    console.error('apps/server/src/main.ts does not exist yet: the e2e run needs the real server.');
    return 1;
  }
  try {
    await ensureWebBuild();
  } catch (error) {
    console.error(`e2e: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }

  const tmp = mkdtempSync(join(tmpdir(), 'svc-e2e-'));
  const mailDir = join(tmp, 'mail');
  mkdirSync(mailDir);
  const smtp = await startSmtp(mailDir);
  let server;
  let code = 1;
  const sipPort = await freePort();
  try {
    server = await startConsoleServer({
      dataDir: join(tmp, 'data'),
      logFile: join(tmp, 'server.log'),
      env: {
        CONSOLE_ADMIN_LOGIN: ADMIN.login,
        CONSOLE_ADMIN_PASSWORD: ADMIN.password,
        CONSOLE_ADMIN_EMAIL: ADMIN.email,
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        LOGIN_CAPTCHA: 'after-failures',
        SIP_PORT: String(sipPort),
        SIP_PASSWORD,
        RTP_PORT: String(await freePort()),
        MEDIA_IP: '127.0.0.1',
      },
    });
    console.log(`e2e: server on ${server.url}, data in ${tmp}`);
    code = await run(
      process.execPath,
      [join(ROOT, 'node_modules/@playwright/test/cli.js'), 'test', ...process.argv.slice(2)],
      {
        env: {
          ...process.env,
          PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
          E2E_BASE_URL: server.url,
          E2E_MAIL_DIR: mailDir,
          E2E_ADMIN_LOGIN: ADMIN.login,
          E2E_ADMIN_PASSWORD: ADMIN.password,
          E2E_ADMIN_EMAIL: ADMIN.email,
          E2E_SIP_PORT: String(sipPort),
          E2E_SIP_PASSWORD: SIP_PASSWORD,
        },
      },
    );
    if (code !== 0) console.error(`e2e: server log (last lines)\n${server.logText().slice(-4000)}`);
    return code;
  } catch (error) {
    console.error(`e2e: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await server?.stop();
    await smtp.close();
    if (process.env.E2E_KEEP === '1' || code !== 0) console.log(`e2e: kept ${tmp}`);
    else rmSync(tmp, { recursive: true, force: true });
  }
}

process.exitCode = await main();
