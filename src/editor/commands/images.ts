/** Image commands: insertion, upload bookkeeping (the cid comes from the host), resize. */
import type { Node as PMNode } from 'prosemirror-model';
import type { Command } from 'prosemirror-state';
import { IMAGE_DEFAULT_MAX_WIDTH } from '../constants';
import { needsImageUpload } from '../images';

export interface NewImage {
  src: string;
  cid?: string | null;
  alt?: string;
  width?: number | null;
  height?: number | null;
  maxWidth?: number;
  uploadKey?: string | null;
}

export function insertImage(image: NewImage): Command {
  return (state, dispatch) => {
    const type = state.schema.nodes.image;
    if (!type || state.selection.$from.parent.type.spec.code) return false;
    if (dispatch) {
      const node = type.create({
        src: image.src,
        cid: image.cid ?? null,
        alt: image.alt ?? '',
        width: image.width ?? null,
        height: image.height ?? null,
        maxWidth: image.maxWidth ?? IMAGE_DEFAULT_MAX_WIDTH,
        uploadKey: image.uploadKey ?? null,
      });
      dispatch(state.tr.replaceSelectionWith(node).scrollIntoView());
    }
    return true;
  };
}

function imagesWithKey(doc: PMNode, uploadKey: string): Array<{ node: PMNode; pos: number }> {
  const out: Array<{ node: PMNode; pos: number }> = [];
  doc.descendants((node, pos) => {
    if (node.type.name === 'image' && node.attrs.uploadKey === uploadKey) out.push({ node, pos });
  });
  return out;
}

/** Images without a cid whose src must go through the host upload, not yet started. */
export function imagesNeedingUpload(doc: PMNode): Array<{ node: PMNode; pos: number }> {
  const out: Array<{ node: PMNode; pos: number }> = [];
  doc.descendants((node, pos) => {
    if (node.type.name === 'image' && !node.attrs.uploadKey && needsImageUpload(node.attrs)) out.push({ node, pos });
  });
  return out;
}

/** Marks the image at pos as being uploaded under the key. */
export function markImageUploading(pos: number, uploadKey: string): Command {
  return (state, dispatch) => {
    const node = state.doc.nodeAt(pos);
    if (!node || node.type.name !== 'image') return false;
    if (dispatch) dispatch(state.tr.setNodeMarkup(pos, undefined, { ...node.attrs, uploadKey }).setMeta('addToHistory', false));
    return true;
  };
}

/** The upload answered: the cid (and the URL to show) are set from the response. */
export function completeImageUpload(uploadKey: string, result: { cid: string; url: string }): Command {
  return (state, dispatch) => {
    const images = imagesWithKey(state.doc, uploadKey);
    if (images.length === 0) return false;
    if (dispatch) {
      const tr = state.tr;
      for (const { node, pos } of images) tr.setNodeMarkup(pos, undefined, { ...node.attrs, cid: result.cid, src: result.url, uploadKey: null });
      dispatch(tr.setMeta('addToHistory', false));
    }
    return true;
  };
}

/** The upload failed: the pending image is removed. */
export function removePendingImage(uploadKey: string): Command {
  return (state, dispatch) => {
    const images = imagesWithKey(state.doc, uploadKey);
    if (images.length === 0) return false;
    if (dispatch) {
      const tr = state.tr;
      for (const { node, pos } of images.reverse()) tr.delete(pos, pos + node.nodeSize);
      dispatch(tr.setMeta('addToHistory', false));
    }
    return true;
  };
}

/** Sets the displayed size of the image at pos. */
export function setImageSize(pos: number, width: number, height: number | null): Command {
  return (state, dispatch) => {
    const node = state.doc.nodeAt(pos);
    if (!node || node.type.name !== 'image') return false;
    if (dispatch) dispatch(state.tr.setNodeMarkup(pos, undefined, { ...node.attrs, width, height }));
    return true;
  };
}
