// Renders an exchange's request as a curl command line that reproduces it.
import type { Exchange } from './types.js';

function quote(text: string): string {
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
