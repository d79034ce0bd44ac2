/**
 * A tiny DOM, enough for ProseMirror's DOMSerializer and the editor's parse
 * rules, so that the editor's HTML tests run in the unit project's node
 * environment without adding jsdom.
 */
const VOID = new Set(['br', 'hr', 'img', 'col', 'input', 'meta', 'link']);

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\u00a0/g, '&nbsp;');
}

function escapeAttr(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
}

abstract class FakeNode {
  abstract readonly nodeType: number;
  childNodes: FakeNode[] = [];
  appendChild(child: FakeNode): FakeNode {
    if (child instanceof FakeFragment) {
      this.childNodes.push(...child.childNodes);
      child.childNodes = [];
    } else {
      this.childNodes.push(child);
    }
    return child;
  }
  get textContent(): string {
    return this.childNodes.map((c) => c.textContent).join('');
  }
  abstract html(): string;
}

class FakeText extends FakeNode {
  readonly nodeType = 3;
  constructor(readonly data: string) {
    super();
  }
  override get textContent(): string {
    return this.data;
  }
  html(): string {
    return escapeText(this.data);
  }
}

class FakeFragment extends FakeNode {
  readonly nodeType = 11;
  html(): string {
    return this.childNodes.map((c) => c.html()).join('');
  }
}

export class FakeElement extends FakeNode {
  readonly nodeType = 1;
  private attributes = new Map<string, string>();
  constructor(readonly tagName: string) {
    super();
  }
  setAttribute(name: string, value: string): void {
    this.attributes.set(name, String(value));
  }
  getAttribute(name: string): string | null {
    return this.attributes.get(name) ?? null;
  }
  get innerHTML(): string {
    return this.childNodes.map((c) => c.html()).join('');
  }
  html(): string {
    const attrs = [...this.attributes].map(([k, v]) => ` ${k}="${escapeAttr(v)}"`).join('');
    return VOID.has(this.tagName) ? `<${this.tagName}${attrs}>` : `<${this.tagName}${attrs}>${this.innerHTML}</${this.tagName}>`;
  }
}

export const fakeDocument = {
  createElement: (tag: string) => new FakeElement(tag.toLowerCase()),
  createTextNode: (text: string) => new FakeText(text),
  createDocumentFragment: () => new FakeFragment(),
};

/** An element with attributes (and text) for the parse rules' getAttrs. */
export function element(attrs: Record<string, string>, text = ''): FakeElement {
  const el = new FakeElement('span');
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  if (text) el.appendChild(new FakeText(text));
  return el;
}
