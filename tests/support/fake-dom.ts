/**
 * The few pieces of a browser page that the client modules touch, for unit tests in Node (no jsdom): an
 * element tree with the simple selectors those modules use, a document, a window whose screen width and
 * height a test sets, and animation frames that run when the test says so. Install it with `installDom()`
 * and restore the globals with `vi.unstubAllGlobals()`.
 */
import { vi } from 'vitest';

type Listener = (event: FakeEvent) => void;

/** What a listener receives: the target and whatever the test puts on it (clientX, pointerId). */
export interface FakeEvent {
  target?: FakeElement;
  clientX?: number;
  pointerId?: number;
}

/** Adds and fires listeners by event type. */
class Listeners {
  readonly listeners = new Map<string, Listener[]>();

  addEventListener(type: string, listener: Listener) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  /** Calls every listener of the type, as the browser would for a user's action. */
  dispatch(type: string, event: FakeEvent = {}) {
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
}

/** One simple selector (`input:checked:not([disabled])`, `[aria-invalid="true"]`, `.field`) against an element. */
function matchesCompound(element: FakeElement, selector: string): boolean {
  const part =
    /^(?:([a-z][a-z0-9]*)|\.([\w-]+)|#([\w-]+)|\[([\w-]+)(?:="([^"]*)")?\]|(:checked)|:not\(([^)]*)\))/;
  let rest = selector.trim();
  while (rest) {
    const found = part.exec(rest);
    if (!found) throw new Error(`The fake DOM does not understand the selector "${selector}"`);
    const [whole, tag, className, id, attribute, value, checked, negated] = found;
    if (tag && element.tagName !== tag.toUpperCase()) return false;
    if (className && !element.className.split(' ').includes(className)) return false;
    if (id && element.id !== id) return false;
    if (attribute) {
      const actual = element.getAttribute(attribute);
      if (actual === null || (value !== undefined && actual !== value)) return false;
    }
    if (checked && !element.checked) return false;
    if (negated !== undefined && matchesCompound(element, negated)) return false;
    rest = rest.slice(whole.length);
  }
  return true;
}

/** An element: attributes, children, listeners, a box on screen and focus. */
export class FakeElement extends Listeners {
  readonly tagName: string;
  id = '';
  className = '';
  type = '';
  checked = false;
  offsetWidth = 300;
  parentElement: FakeElement | null = null;
  readonly children: FakeElement[] = [];
  readonly dataset: Record<string, string> = {};
  readonly style = { transform: '', opacity: '' };
  readonly attributes = new Map<string, string>();
  /** Its box on screen; a test sets it to lay out the page. */
  rect = { top: 0, bottom: 0, height: 0 };
  /** The options of each scrollIntoView and focus call. */
  readonly scrolls: unknown[] = [];
  readonly focuses: unknown[] = [];
  private text = '';
  private readonly owner: FakeDocument;

  constructor(tagName: string, owner: FakeDocument) {
    super();
    this.tagName = tagName.toUpperCase();
    this.owner = owner;
  }

  get textContent(): string {
    return this.text + this.children.map((child) => child.textContent).join('');
  }

  set textContent(text: string) {
    this.replaceChildren();
    this.text = text;
  }

  get childElementCount(): number {
    return this.children.length;
  }

  setAttribute(name: string, value: string) {
    this.attributes.set(name, value);
  }

  getAttribute(name: string): string | null {
    return this.attributes.get(name) ?? null;
  }

  append(...nodes: FakeElement[]) {
    for (const node of nodes) {
      node.remove();
      node.parentElement = this;
      this.children.push(node);
    }
  }

  replaceChildren(...nodes: FakeElement[]) {
    for (const child of [...this.children]) child.remove();
    this.append(...nodes);
  }

  remove() {
    const siblings = this.parentElement?.children;
    siblings?.splice(siblings.indexOf(this), 1);
    this.parentElement = null;
  }

  contains(node: unknown): boolean {
    for (let at = node as FakeElement | null; at; at = at.parentElement) if (at === this) return true;
    return false;
  }

  matches(selector: string): boolean {
    return selector.split(',').some((one) => matchesCompound(this, one));
  }

  closest(selector: string): FakeElement | null {
    for (let at: FakeElement | null = this; at; at = at.parentElement) if (at.matches(selector)) return at;
    return null;
  }

  /** The descendants in document order. */
  descendants(): FakeElement[] {
    return this.children.flatMap((child) => [child, ...child.descendants()]);
  }

  querySelectorAll(selector: string): FakeElement[] {
    return this.descendants().filter((element) => element.matches(selector));
  }

  querySelector(selector: string): FakeElement | null {
    return this.querySelectorAll(selector)[0] ?? null;
  }

  getBoundingClientRect() {
    return this.rect;
  }

  focus(options?: unknown) {
    this.focuses.push(options);
    this.owner.activeElement = this;
  }

  scrollIntoView(options?: unknown) {
    this.scrolls.push(options);
  }

  setPointerCapture(_pointerId: number) {}
}

/** The document: `<html><body>`, the focused element and `getElementById`. */
export class FakeDocument extends Listeners {
  readonly documentElement = new FakeElement('html', this);
  readonly body = new FakeElement('body', this);
  activeElement: FakeElement = this.body;
  referrer = '';

  constructor() {
    super();
    this.documentElement.append(this.body);
  }

  createElement(tagName: string): FakeElement {
    return new FakeElement(tagName, this);
  }

  getElementById(id: string): FakeElement | null {
    return this.documentElement.descendants().find((element) => element.id === id) ?? null;
  }

  querySelectorAll(selector: string): FakeElement[] {
    return this.documentElement.querySelectorAll(selector);
  }

  querySelector(selector: string): FakeElement | null {
    return this.documentElement.querySelector(selector);
  }

  /** A new element, appended to `parent` when one is given. */
  add(
    tagName: string,
    {
      parent,
      attributes = {},
      text,
      ...props
    }: Partial<Pick<FakeElement, 'id' | 'className' | 'type' | 'checked' | 'rect'>> & {
      parent?: FakeElement;
      attributes?: Record<string, string>;
      text?: string;
    } = {},
  ): FakeElement {
    const element = Object.assign(this.createElement(tagName), props);
    for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
    if (text !== undefined) element.textContent = text;
    parent?.append(element);
    return element;
  }
}

/** The window: its size, whether the phone layout's media query matches, and its listeners. */
export class FakeWindow extends Listeners {
  innerHeight = 740;
  narrow = false;

  matchMedia(_query: string) {
    return { matches: this.narrow };
  }
}

/** Animation frames that wait until the test runs them. */
export class FakeFrames {
  private queue: (() => void)[] = [];

  readonly request = (callback: () => void) => {
    this.queue.push(callback);
    return this.queue.length;
  };

  get pending(): number {
    return this.queue.length;
  }

  /** Runs the frames asked for so far. */
  run() {
    const due = this.queue;
    this.queue = [];
    for (const callback of due) callback();
  }
}

/**
 * Stubs `document`, `window`, `HTMLElement`, `getComputedStyle` (the page's `--header-height` is
 * `headerHeight` px, or unset) and `requestAnimationFrame` with fresh fakes, and returns them.
 */
export function installDom({ headerHeight }: { headerHeight?: number } = {}) {
  const document = new FakeDocument();
  const window = new FakeWindow();
  const frames = new FakeFrames();
  vi.stubGlobal('document', document);
  vi.stubGlobal('window', window);
  vi.stubGlobal('HTMLElement', FakeElement);
  vi.stubGlobal('getComputedStyle', () => ({
    getPropertyValue: (name: string) =>
      name === '--header-height' && headerHeight !== undefined ? `${headerHeight}px` : '',
  }));
  vi.stubGlobal('requestAnimationFrame', frames.request);
  return { document, window, frames };
}

/** A fake element as the DOM type the code under test takes. */
export function asElement(element: FakeElement): HTMLElement {
  return element as unknown as HTMLElement;
}
