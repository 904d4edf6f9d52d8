// The anchor for doppel proxy's throughput and latency: nginx `proxy_pass` in front of the same
// target, in the same run (nginx is in CI; without it the bench says so and keeps its other rows).
// One worker process, as doppel proxy is one Node process; upstream keep-alive, no access log: the
// cheapest reverse proxy nginx can be, which is what the goals are relative to.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { accessSync, constants } from 'node:fs';
import { freePort, startServer, type Server } from './processes.js';

/** /usr/sbin/nginx (Debian's package) or an nginx on PATH; null when there is none. */
export function findNginx(): string | null {
  for (const file of ['/usr/sbin/nginx', ...(process.env['PATH'] ?? '').split(':').filter(Boolean).map((dir) => join(dir, 'nginx'))]) {
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {
      // not there
    }
  }
  return null;
}

/** nginx proxying 127.0.0.1:<free port> to `target` (an http://127.0.0.1:port origin); stop() removes its files. */
export async function startNginxProxy(nginx: string, target: string): Promise<Server> {
  const dir = mkdtempSync(join(tmpdir(), 'doppel-bench-nginx-'));
  const port = await freePort();
  const conf = join(dir, 'nginx.conf');
  writeFileSync(
    conf,
    `worker_processes 1;
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'error.log')} error;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${join(dir, 'body')};
  proxy_temp_path ${join(dir, 'proxy')};
  fastcgi_temp_path ${join(dir, 'fastcgi')};
  uwsgi_temp_path ${join(dir, 'uwsgi')};
  scgi_temp_path ${join(dir, 'scgi')};
  upstream target { server ${new URL(target).host}; keepalive 64; }
  server {
    listen 127.0.0.1:${port};
    location / { proxy_pass http://target; proxy_http_version 1.1; proxy_set_header Connection ""; }
  }
}
`,
  );
  const server = await startServer({ name: 'nginx proxy_pass', command: nginx, args: ['-p', dir, '-c', conf, '-g', 'daemon off;'], probeUrl: `http://127.0.0.1:${port}/api/v1/markets` });
  const stop = server.stop;
  return Object.assign(server, {
    stop: async () => {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  });
}
