// Renders an exchange's request as a curl command line that reproduces it. Parts holding a masked
// secret (`$DOPPEL_TRADING_KEY`, see secrets.ts) are double-quoted so that the shell fills them in.
import { MASKED } from './secrets.js';
import type { Exchange } from '../types.js';

function quote(text: string): string {
  if (MASKED.test(text)) {
    // Escape what the shell would interpret inside double quotes, except the placeholders' `$`.
    const escaped = text.replace(/(["\\`])/g, '\\$1').replace(/\$(?!DOPPEL_[A-Z0-9_]+)/g, '\\$');
    return `"${escaped}"`;
  }
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

export function renderCurl(exchange: Pick<Exchange, 'method' | 'url' | 'requestHeaders' | 'requestBody'>): string {
  const parts = ['curl', '-sS', '-i'];
  if (exchange.method !== 'GET') parts.push('-X', exchange.method);
  parts.push(quote(exchange.url));
  for (const [name, value] of Object.entries(exchange.requestHeaders)) parts.push('-H', quote(`${name}: ${value}`));
  if (exchange.requestBody !== undefined) parts.push('--data-raw', quote(exchange.requestBody));
  return parts.join(' ');
}
