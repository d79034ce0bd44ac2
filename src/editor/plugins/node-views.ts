/** Node views: resizable images and mentions with their status tooltips. */
import type { Node as PMNode } from 'prosemirror-model';
import { NodeSelection } from 'prosemirror-state';
import type { EditorView, NodeView } from 'prosemirror-view';
import { IMAGE_DEFAULT_MAX_WIDTH } from '../constants';
import { setImageSize } from '../commands/images';
import { clampImageWidth, scaledHeight } from '../images';
import { type DescribeMention, mentionStatus, mentionTooltip } from '../mentions';

/** An inline image with a bottom-right handle: width from 100 px to the editor width minus 20. */
export class ImageView implements NodeView {
  dom: HTMLElement;
  private img: HTMLImageElement;
  private handle: HTMLElement;
  private node: PMNode;

  constructor(
    node: PMNode,
    private view: EditorView,
    private getPos: () => number | undefined,
  ) {
    this.node = node;
    this.dom = document.createElement('span');
    this.dom.className = 'rte-image';
    this.img = document.createElement('img');
    this.img.draggable = false;
    this.handle = document.createElement('span');
    this.handle.className = 'rte-image-resizer';
    this.handle.setAttribute('data-testid', 'rte-image-resizer');
    this.handle.setAttribute('aria-hidden', 'true');
    this.handle.addEventListener('pointerdown', this.startResize);
    this.dom.append(this.img, this.handle);
    this.render();
  }

  private render() {
    const { src, alt, cid, width, height, maxWidth, uploadKey } = this.node.attrs as {
      src: string;
      alt: string;
      cid: string | null;
      width: number | null;
      height: number | null;
      maxWidth: number | null;
      uploadKey: string | null;
    };
    if (this.img.getAttribute('src') !== src) this.img.src = src;
    this.img.alt = alt;
    if (cid) this.img.dataset.cid = cid;
    else delete this.img.dataset.cid;
    this.img.style.maxWidth = `min(100%, ${maxWidth ?? IMAGE_DEFAULT_MAX_WIDTH}px)`;
    this.img.style.width = width ? `${width}px` : 'inherit';
    this.img.style.height = height ? `${height}px` : 'inherit';
    this.dom.classList.toggle('rte-image--uploading', !!uploadKey);
  }

  update(node: PMNode): boolean {
    if (node.type !== this.node.type) return false;
    this.node = node;
    this.render();
    return true;
  }

  selectNode() {
    this.dom.classList.add('rte-image--selected');
  }

  deselectNode() {
    this.dom.classList.remove('rte-image--selected');
  }

  stopEvent(event: Event): boolean {
    return event.target === this.handle;
  }

  ignoreMutation(): boolean {
    return true;
  }

  destroy() {
    this.handle.removeEventListener('pointerdown', this.startResize);
  }

  private startResize = (event: PointerEvent) => {
    if (!this.view.editable) return;
    event.preventDefault();
    event.stopPropagation();
    const startX = event.clientX;
    const startWidth = this.img.getBoundingClientRect().width;
    const editorWidth = this.view.dom.clientWidth;
    const widthAt = (e: PointerEvent) => clampImageWidth(startWidth + e.clientX - startX, editorWidth);
    const heightFor = (w: number) => scaledHeight(w, this.img.naturalWidth, this.img.naturalHeight);
    const move = (e: PointerEvent) => {
      const w = widthAt(e);
      const h = heightFor(w);
      this.img.style.width = `${w}px`;
      this.img.style.height = h ? `${h}px` : 'inherit';
    };
    const finish = (e: PointerEvent) => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', finish);
      const pos = this.getPos();
      const w = widthAt(e);
      if (pos == null) return;
      setImageSize(pos, w, heightFor(w))(this.view.state, this.view.dispatch);
      // Keep the image selected so that its handle stays for another resize.
      this.view.dispatch(this.view.state.tr.setSelection(NodeSelection.create(this.view.state.doc, pos)));
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', finish);
  };
}

/** A mention shows '@label'; deleted, not-permitted and unknown users carry a tooltip. */
export class MentionView implements NodeView {
  dom: HTMLElement;

  constructor(node: PMNode, describe?: DescribeMention) {
    this.dom = document.createElement('span');
    const status = mentionStatus(node.attrs);
    const label = typeof node.attrs.label === 'string' && node.attrs.label !== '' ? node.attrs.label : null;
    const tooltip = describe ? describe({ id: String(node.attrs.id), label, status }) : mentionTooltip(status);
    this.dom.className = `rte-mention rte-mention--${status}`;
    this.dom.dataset.mentionId = String(node.attrs.id);
    this.dom.dataset.testid = 'rte-mention';
    this.dom.dataset.status = status;
    this.dom.textContent = `@${String(node.attrs.label ?? node.attrs.id)}`;
    if (tooltip) {
      this.dom.title = tooltip;
      this.dom.setAttribute('aria-description', tooltip);
    }
  }

  ignoreMutation(): boolean {
    return true;
  }
}
