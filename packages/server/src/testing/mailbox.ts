import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server on a free local port that keeps every mail it receives, parsed. */
export class TestMailbox {
  readonly mails: ParsedMail[] = [];
  private waiters: (() => void)[] = [];
  private server: SMTPServer;
  url = '';

  constructor() {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, _session, callback) => {
        simpleParser(stream)
          .then((mail) => {
            this.mails.push(mail);
            for (const w of this.waiters.splice(0)) w();
            callback();
          })
          .catch((err: Error) => callback(err));
      },
    });
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.server.address() as AddressInfo;
    this.url = `smtp://127.0.0.1:${port}`;
    return this;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** The newest mail to an address, waiting up to `ms` for it to arrive. */
  async latestTo(address: string, ms = 5000): Promise<ParsedMail> {
    const deadline = Date.now() + ms;
    for (;;) {
      const found = [...this.mails].reverse().find((m) => addressesOf(m).includes(address.toLowerCase()));
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no mail to ${address} within ${ms} ms`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  }

  /** The six-digit code of the newest mail to an address. */
  async codeFor(address: string): Promise<string> {
    const mail = await this.latestTo(address);
    const match = /\b(\d{6})\b/.exec(mail.text ?? '');
    if (!match?.[1]) throw new Error(`the mail to ${address} has no code`);
    return match[1];
  }

  clear(): void {
    this.mails.length = 0;
  }
}

function addressesOf(mail: ParsedMail): string[] {
  const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
  return to.flatMap((t) => t.value.map((v) => (v.address ?? '').toLowerCase()));
}
