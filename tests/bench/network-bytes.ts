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
) {
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
    entry.label = labelOf({ url, method: event.request.method, documentUrl: event.documentURL });
    const body = (event.request.postDataEntries ?? []).reduce(
      (sum, part) => sum + Buffer.from(part.bytes ?? '', 'base64').length,
      0,
    );
    entry.sent += `${event.request.method} ${url.pathname}${url.search} HTTP/1.1\r\n\r\n`.length + body;
  });
  cdp.on('Network.requestWillBeSentExtraInfo', (event) => {
    const entry = record(event.requestId);
    entry.headers = Object.entries(event.headers).reduce(
      (sum, [name, value]) => sum + name.length + String(value).length + 4,
      0,
    );
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

  return { stop };
}
