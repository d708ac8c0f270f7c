// A real SMTP server on a free local port, for tests that must receive what the platform mails.
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { to: string[]; raw: string };

export async function startSmtpServer(): Promise<{ url: string; mails: ReceivedMail[]; close(): Promise<void> }> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The 6-digit code of a recovery mail (bodies are plain text; quoted-printable soft breaks removed). */
export function codeIn(mail: ReceivedMail): string | null {
  const text = mail.raw.replace(/=\r?\n/g, '');
  return (
    /\b(\d{6})\b/.exec(
      text
        .split(/\r?\n\r?\n/)
        .slice(1)
        .join('\n'),
    )?.[1] ?? null
  );
}
