/** Upload rules and the attachment tray model (spec sections 3, 4, 5 and 8). */
import {
  ATTACHMENT_PROGRESS_DONE,
  ATTACHMENT_PROGRESS_SENT,
  ATTACHMENT_PROGRESS_SOFT_CAP,
  EDITOR_MESSAGES,
  UPLOAD_MAX_BYTES,
  UPLOAD_MIN_BYTES,
} from './constants';
import { extensionOf } from './images';

export interface FileLike {
  name: string;
  size: number;
  type: string;
}

/**
 * Whether a file's mime type or extension is in the allowed list. Entries are
 * mime types ('image/png'), wildcards ('image/*'), or extensions ('.png' or 'png').
 */
export function isAllowedFileType(file: Pick<FileLike, 'name' | 'type'>, allowed: readonly string[]): boolean {
  const type = file.type.toLowerCase();
  const ext = extensionOf(file.name);
  return allowed.some((raw) => {
    const entry = raw.trim().toLowerCase();
    if (entry === '*' || entry === '*/*') return true;
    if (entry.includes('/')) {
      return entry.endsWith('/*') ? type.startsWith(entry.slice(0, -1)) : type === entry;
    }
    return ext !== '' && ext === entry.replace(/^\./, '');
  });
}

/**
 * The message for a file the editor must refuse, or null when it may be
 * uploaded: size at least 1 byte and at most 20 MiB; type must be allowed.
 */
export function validateUploadFile(file: FileLike, allowedTypes: readonly string[]): string | null {
  if (!(file.size >= UPLOAD_MIN_BYTES)) return EDITOR_MESSAGES.minFileSize;
  if (file.size > UPLOAD_MAX_BYTES) return EDITOR_MESSAGES.maxFileSize;
  if (!isAllowedFileType(file, allowedTypes)) return EDITOR_MESSAGES.unsupportedFileType;
  return null;
}

/** One item of the attachment tray. */
export interface EditorAttachment {
  id: string;
  file: FileLike;
  /** 0 to 100. */
  progress: number;
  /** The content id read from the upload response under the configured key; set on completion. */
  contentId: string | null;
  /** The whole upload response, once it arrived. */
  response?: Record<string, unknown>;
}

/** Simulated progress: animates toward about 90 percent and never passes it. */
export function nextSimulatedProgress(current: number): number {
  if (current >= ATTACHMENT_PROGRESS_SOFT_CAP) return current;
  const step = Math.max(1, (ATTACHMENT_PROGRESS_SOFT_CAP - current) * 0.15);
  return Math.min(ATTACHMENT_PROGRESS_SOFT_CAP, Math.round((current + step) * 10) / 10);
}

/**
 * Progress reported by the host: it never moves the bar back and stays under
 * about 90 until the bytes are all sent, which shows 99 while the server answers.
 */
export function progressFromHostReport(current: number, reportedPercent: number): number {
  if (current >= ATTACHMENT_PROGRESS_SENT) return current;
  if (reportedPercent >= 100) return ATTACHMENT_PROGRESS_SENT;
  return Math.max(current, Math.min(ATTACHMENT_PROGRESS_SOFT_CAP, reportedPercent));
}

export type AttachmentAction =
  | { type: 'add'; id: string; file: FileLike }
  | { type: 'tick' }
  | { type: 'progress'; id: string; percent: number }
  | { type: 'complete'; id: string; response: Record<string, unknown>; contentIdKey: string }
  | { type: 'fail'; id: string }
  | { type: 'remove'; id: string };

/** The tray: added when an insert begins, ~90 → 99 → 100, removed on failure or delete. */
export function attachmentsReducer(items: readonly EditorAttachment[], action: AttachmentAction): EditorAttachment[] {
  switch (action.type) {
    case 'add':
      return [...items, { id: action.id, file: action.file, progress: 0, contentId: null }];
    case 'tick':
      return items.map((a) => (a.progress < ATTACHMENT_PROGRESS_SOFT_CAP ? { ...a, progress: nextSimulatedProgress(a.progress) } : a));
    case 'progress':
      return items.map((a) => (a.id === action.id ? { ...a, progress: progressFromHostReport(a.progress, action.percent) } : a));
    case 'complete':
      return items.map((a) => {
        if (a.id !== action.id) return a;
        const raw = action.response[action.contentIdKey];
        return {
          ...a,
          progress: ATTACHMENT_PROGRESS_DONE,
          contentId: raw == null ? null : String(raw),
          response: action.response,
        };
      });
    case 'fail':
    case 'remove':
      return items.filter((a) => a.id !== action.id);
  }
}

/** Whether any upload in the tray is still running. */
export function hasPendingUploads(items: readonly EditorAttachment[]): boolean {
  return items.some((a) => a.progress < ATTACHMENT_PROGRESS_DONE);
}

export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}
