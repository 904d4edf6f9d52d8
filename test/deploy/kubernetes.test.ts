// deploy/kubernetes/doppel.yaml carries the nginx config of deploy/nginx/doppel.conf (which
// `npm run test:cluster` runs) in a ConfigMap: this test fails when the two drift apart.
// DOPPEL_UPDATE_DEPLOY=1 rewrites the ConfigMap from the shipped file instead.
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';

const SHIPPED = new URL('../../deploy/nginx/doppel.conf', import.meta.url);
const MANIFEST = new URL('../../deploy/kubernetes/doppel.yaml', import.meta.url);
const PODS = 3;

/** The shipped config for the cluster: the StatefulSet's pods by name, re-resolved; every address of the pod. */
function forKubernetes(shipped: string): string {
  let config = shipped.slice(shipped.indexOf('# The key each request is spread by.'));
  for (const [iface, port] of [['trading', 4010], ['wallet', 4020]] as const) {
    const block = new RegExp(`upstream doppel_${iface} \\{[^}]*\\}`).exec(config)?.[0];
    if (block === undefined) throw new Error(`deploy/nginx/doppel.conf: no upstream doppel_${iface}`);
    const servers = Array.from({ length: PODS }, (_, i) => `    server doppel-${i}.doppel.doppel.svc.cluster.local:${port} max_fails=0 resolve;\n`).join('');
    const zone = `    # A shared zone: nginx re-resolves the names below (resolve) when a pod comes back elsewhere.\n    zone doppel_${iface} 64k;\n`;
    config = config.replace(block, block.replace(/\n {4}server [^\n]*;/g, '').replace('    keepalive 32;', `${zone}${servers}    keepalive 32;`));
  }
  config = config.replace('listen 127.0.0.1:4010;', 'listen 4010;').replace('listen 127.0.0.1:4020;', 'listen 4020;');
  return [
    '# Kept in step with deploy/nginx/doppel.conf (test/deploy/kubernetes.test.ts compares them): the',
    '# same file but for the servers (the StatefulSet\'s stable names, re-resolved), the listen',
    '# addresses (every address of the pod) and the resolver.',
    'resolver kube-dns.kube-system.svc.cluster.local valid=10s;',
    '',
    config,
  ].join('\n');
}

describe('deploy/kubernetes/doppel.yaml', () => {
  it('is valid YAML whose nginx ConfigMap is deploy/nginx/doppel.conf for the cluster', () => {
    const expected = forKubernetes(readFileSync(SHIPPED, 'utf8'));
    let text = readFileSync(MANIFEST, 'utf8');
    if (process.env['DOPPEL_UPDATE_DEPLOY'] === '1') {
      const start = text.indexOf('  doppel.conf: |\n') + '  doppel.conf: |\n'.length;
      const end = text.indexOf('\n---', start);
      const indented = expected.trimEnd().split('\n').map((line) => (line === '' ? '' : `    ${line}`)).join('\n');
      text = text.slice(0, start) + indented + text.slice(end);
      writeFileSync(MANIFEST, text);
    }
    const documents = parseAllDocuments(text).map((d) => d.toJS() as { kind?: string; metadata?: { name?: string }; data?: Record<string, string> } | null);
    expect(documents.map((d) => d?.kind).filter(Boolean)).toEqual(['Service', 'StatefulSet', 'ConfigMap', 'Deployment', 'Service']);
    const configMap = documents.find((d) => d?.kind === 'ConfigMap');
    expect(configMap?.data?.['doppel.conf'], 'stale: DOPPEL_UPDATE_DEPLOY=1 npx vitest run test/deploy/kubernetes.test.ts').toBe(expected.trimEnd() + '\n');
    const statefulSet = documents.find((d) => d?.kind === 'StatefulSet') as { spec?: { replicas?: number } } | undefined;
    expect(statefulSet?.spec?.replicas, 'the nginx config names one server per replica').toBe(PODS);
  });
});
