// Counting what a page sends and receives over the network, with the Chrome DevTools Protocol: for each
// response, Network.loadingFinished's encodedDataLength (headers and compressed body as received); for each
// request, its request line, headers and body as Chromium reports sending them. Answers from the HTTP cache
// count nothing. bench:pages uses it for the practice session and the UTME sitting.
import type { BrowserContext, Page } from 'playwright-core';

/** What the recorder knows of a request when it starts, to put it under a label. */
export interface RequestStart {
  url: URL;
  method: string;
  /** The page that made it. */
  documentUrl: string;
}

interface RequestRecord {
  label?: string;
  /** Path and query, for the list of the largest responses. */
  path?: string;
  sent: number;
  headers?: number;
  received: number;
  /** Answered from the HTTP cache: nothing went over the network. */
  cached?: boolean;
}

/** Bytes and requests under one label. */
export interface LabelBytes {
  received: number;
  sent: number;
  requests: number;
}

/**
 * Starts counting the network traffic of `page`, each request under the label `labelOf` gives it when it
 * starts (undefined leaves it out). `stop` detaches and returns the totals by label.
 */
export async function recordNetworkBytes(
  context: BrowserContext,
  page: Page,
  labelOf: (request: RequestStart) => string | undefined,
  options: { http2?: boolean } = {},
) {
  // Over HTTP/2 (HPACK) a header already sent on the connection goes as an index of a byte or so, a new
  // one as its name and value; this estimate keeps one table for the page, as if on one connection.
  const headersSent = new Set<string>();
  const cdp = await context.newCDPSession(page);
  const records = new Map<string, RequestRecord>();
  const record = (id: string) => {
    let found = records.get(id);
    if (!found) {
      found = { sent: 0, received: 0 };
      records.set(id, found);
    }
    return found;
  };
  cdp.on('Network.requestWillBeSent', (event) => {
    if (!event.request.url.startsWith('http')) return;
    const entry = record(event.requestId);
    // A redirect reuses the request id: the redirect's own answer was received for the earlier label.
    if (event.redirectResponse) entry.received += event.redirectResponse.encodedDataLength;
    const url = new URL(event.request.url);
    entry.path = `${url.pathname}${url.search}`;
    entry.label = labelOf({ url, method: event.request.method, documentUrl: event.documentURL });
    const body = (event.request.postDataEntries ?? []).reduce(
      (sum, part) => sum + Buffer.from(part.bytes ?? '', 'base64').length,
      0,
    );
    const requestLine = options.http2
      ? 0
      : `${event.request.method} ${url.pathname}${url.search} HTTP/1.1\r\n\r\n`.length;
    entry.sent += requestLine + body;
  });
  cdp.on('Network.requestWillBeSentExtraInfo', (event) => {
    const entry = record(event.requestId);
    entry.headers = Object.entries(event.headers).reduce((sum, [name, value]) => {
      const line = `${name}: ${value}`;
      if (!options.http2) return sum + line.length + 2;
      if (headersSent.has(line)) return sum + 1;
      headersSent.add(line);
      return sum + line.length;
    }, 0);
  });
  cdp.on('Network.requestServedFromCache', (event) => {
    record(event.requestId).cached = true;
  });
  cdp.on('Network.responseReceived', (event) => {
    if (event.response.fromDiskCache || event.response.fromPrefetchCache)
      record(event.requestId).cached = true;
  });
  cdp.on('Network.loadingFinished', (event) => {
    record(event.requestId).received += event.encodedDataLength;
  });
  await cdp.send('Network.enable');

  /** What each URL received in all (its requests added up), biggest first; call after stop(). */
  function byPath(): { path: string; received: number; requests: number }[] {
    const paths = new Map<string, { path: string; received: number; requests: number }>();
    for (const entry of records.values()) {
      if (!entry.label || !entry.path || (entry.cached && entry.received === 0)) continue;
      const found = paths.get(entry.path) ?? { path: entry.path, received: 0, requests: 0 };
      found.received += entry.received;
      found.requests += 1;
      paths.set(entry.path, found);
    }
    return [...paths.values()].sort((a, b) => b.received - a.received);
  }

  async function stop(): Promise<Map<string, LabelBytes>> {
    // Let the last events of the DevTools Protocol arrive.
    await new Promise((resolve) => setTimeout(resolve, 500));
    await cdp.detach().catch(() => {});
    const totals = new Map<string, LabelBytes>();
    for (const entry of records.values()) {
      if (!entry.label || (entry.cached && entry.received === 0)) continue;
      const total = totals.get(entry.label) ?? { received: 0, sent: 0, requests: 0 };
      total.received += entry.received;
      total.sent += entry.sent + (entry.headers ?? 0);
      total.requests += 1;
      totals.set(entry.label, total);
    }
    return totals;
  }

  return { stop, byPath };
}
