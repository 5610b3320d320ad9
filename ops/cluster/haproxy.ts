import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Layout } from './layout.js';
import { spawnLogged } from './run.js';

export const HAPROXY = '/usr/sbin/haproxy';

/**
 * HAProxy in front of the API processes: round robin; a process is out after 2 failed readiness checks a second
 * apart (`GET /api/ready`: the database answers and the migrations have run) and back after 2 good ones. A request
 * whose connection to a process fails (it died) is sent to the other once; nothing that reached a process is
 * resent (a call may not be idempotent): a request in flight when its process dies fails.
 */
export function startHaproxy(layout: Layout): ChildProcess {
  const file = path.join(layout.dir, 'haproxy.cfg');
  const [api1, api2] = layout.ports.api;
  fs.writeFileSync(
    file,
    [
      'global',
      '  maxconn 4000',
      'defaults',
      '  mode http',
      '  log stdout format raw local0',
      '  timeout connect 2s',
      '  timeout client 120s',
      // An upload's import may take a while before its answer.
      '  timeout server 300s',
      '  option forwardfor',
      // A new connection to the process for every request: a kept one to a process that died fails with the request
      // already sent, which HAProxy may not resend (it may have run), and the client saw its connection closed.
      // A new one to a dead process is refused before anything is sent, and resent to the other process.
      '  option http-server-close',
      '  retries 1',
      '  retry-on conn-failure',
      '  option redispatch',
      'frontend portal',
      `  bind 127.0.0.1:${layout.ports.http}`,
      '  http-request set-header X-Forwarded-Proto http',
      '  default_backend api',
      // Which process answered: for an operator reading a trace, and for the smoke test watching a process fall out.
      '  http-response set-header X-Served-By %[srv_name]',
      'backend api',
      '  balance roundrobin',
      '  option httpchk GET /api/ready',
      '  http-check expect status 200',
      '  default-server inter 1s fall 2 rise 2',
      // A check may wait up to 6 s (/api/ready gives up on the database after 5): a process slow under load, or one
      // whose database calls PgBouncer holds during a failover, is alive and stays in. A dead one refuses the
      // connection at once and is out within 2 s as before.
      '  timeout check 6s',
      `  server api1 127.0.0.1:${api1} check`,
      `  server api2 127.0.0.1:${api2} check`,
      '',
    ].join('\n'),
  );
  // -db: in the foreground, as the cluster's child; -W: master-worker, which SIGTERM/SIGUSR1 stop cleanly.
  return spawnLogged('haproxy', HAPROXY, ['-W', '-db', '-f', file], { logDir: layout.logDir });
}
